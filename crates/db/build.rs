// `embed_migrations!` does not notice new migration folders on its own.
fn main() {
    println!("cargo:rerun-if-changed=../../migrations");
}
