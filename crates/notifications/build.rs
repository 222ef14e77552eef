// The templates are compiled into the binary: a deployed server reads no template files (the
// README beside them is not one).
fn main() {
    minijinja_embed::embed_templates!("templates", &[".txt", ".html"][..], "main");
}
