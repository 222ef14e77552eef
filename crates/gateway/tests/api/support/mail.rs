//! A real SMTP server for the e-mail tests: `scripts/mail-catcher.sh` (Python's aiosmtpd, in a
//! pinned virtual environment under the target folder, which `just test` makes beforehand),
//! started once per test program on a free loopback port and shared by its tests. Every message
//! it takes becomes two files in its folder, the bytes as received (`.eml`) and what they say
//! (`.json`: scripts/mail_catcher.py), which [`MailCatcher::received`] reads back. Tests tell
//! their messages apart by recipient: each writes to addresses of its own.
//!
//! The server ends with this program: its standard input is a pipe held here, and it stops when
//! the pipe closes (or its parent ends), so `cargo test` leaves no server behind.
#![allow(dead_code)]

use std::collections::BTreeMap;
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::sync::{Mutex, OnceLock};
use std::time::{Duration, Instant};

use serde::Deserialize;

/// The first start may make the virtual environment (pip), hence the long wait.
const START_TIMEOUT: Duration = Duration::from_secs(120);

/// A real SMTP server (scripts/mail-catcher.sh: Python's aiosmtpd) shared by this test binary,
/// started on first use.
pub fn catcher() -> &'static MailCatcher {
    static CATCHER: OnceLock<MailCatcher> = OnceLock::new();
    CATCHER.get_or_init(MailCatcher::start)
}

pub struct MailCatcher {
    port: u16,
    /// Where the messages are written, two files each.
    dir: PathBuf,
    /// The server's standard error: one line per message taken, and its errors.
    log: PathBuf,
    /// Kept, with the pipe to its standard input, until this program ends.
    child: Mutex<Child>,
}

/// One message the server took, as scripts/mail_catcher.py describes it.
#[derive(Debug, Clone, Deserialize)]
pub struct ReceivedMail {
    /// The envelope's sender (MAIL FROM).
    pub mail_from: String,
    /// The envelope's recipients (RCPT TO), as given.
    pub rcpt_tos: Vec<String>,
    /// Each header by its lower-cased name, its values decoded (RFC 2047), in order.
    pub headers: BTreeMap<String, Vec<String>>,
    /// The decoded `Subject`, "" without one.
    pub subject: String,
    /// The text/plain body, decoded, lines ending in "\n".
    pub text: Option<String>,
    /// The text/html body, decoded, lines ending in "\n".
    pub html: Option<String>,
    pub attachments: Vec<Attachment>,
    /// When it arrived (ISO 8601, UTC).
    pub received_at: String,
    /// The name the sender signed in with (SMTP AUTH; any password is taken), if it did.
    #[serde(default)]
    pub auth_user: Option<String>,
    /// The message's bytes as received (the `.eml` beside its description).
    #[serde(skip)]
    pub raw_path: PathBuf,
}

#[derive(Debug, Clone, Deserialize)]
pub struct Attachment {
    pub filename: Option<String>,
    pub content_type: String,
    /// Decoded, in bytes.
    pub size: u64,
}

impl MailCatcher {
    fn start() -> MailCatcher {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
        remove_stale_folders();
        let base = std::env::temp_dir().join(format!("colivra-mail-{}", std::process::id()));
        // A folder left by an earlier program that had this process id.
        let _ = std::fs::remove_dir_all(&base);
        let dir = base.join("messages");
        std::fs::create_dir_all(&dir)
            .unwrap_or_else(|error| panic!("mail catcher: cannot make {}: {error}", dir.display()));
        let log = base.join("catcher.log");
        let stderr = std::fs::File::create(&log)
            .unwrap_or_else(|error| panic!("mail catcher: cannot make {}: {error}", log.display()));
        let mut child = Command::new("bash")
            .arg(root.join("scripts/mail-catcher.sh"))
            .args(["--port", "0", "--exit-with-parent", "--dir"])
            .arg(&dir)
            .current_dir(&root)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(stderr)
            .spawn()
            .unwrap_or_else(|error| {
                panic!("mail catcher: cannot run bash scripts/mail-catcher.sh: {error}")
            });

        // Its standard output, line by line, read on a thread of its own (until the server
        // ends) so that the wait for READY can give up.
        let stdout = child.stdout.take().expect("the catcher's standard output");
        let (lines, ready) = mpsc::channel::<String>();
        std::thread::Builder::new()
            .name("mail-catcher-stdout".into())
            .spawn(move || {
                for line in BufReader::new(stdout).lines() {
                    let Ok(line) = line else { break };
                    let _ = lines.send(line);
                }
            })
            .expect("a thread to read the catcher's output");
        let deadline = Instant::now() + START_TIMEOUT;
        let port = loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match ready.recv_timeout(left) {
                Ok(line) => {
                    if let Some(port) = line.strip_prefix("READY ") {
                        break port.trim().parse::<u16>().unwrap_or_else(|_| {
                            panic!("mail catcher: unexpected READY line {line:?}")
                        });
                    }
                }
                Err(mpsc::RecvTimeoutError::Timeout) => {
                    let _ = child.kill();
                    let _ = child.wait();
                    panic!(
                        "mail catcher: not listening after {START_TIMEOUT:?}; its log ({}):\n{}",
                        log.display(),
                        std::fs::read_to_string(&log).unwrap_or_default()
                    );
                }
                Err(mpsc::RecvTimeoutError::Disconnected) => {
                    let status = child.wait().ok();
                    panic!(
                        "mail catcher: ended before listening ({status:?}); its log ({}):\n{}",
                        log.display(),
                        std::fs::read_to_string(&log).unwrap_or_default()
                    );
                }
            }
        };
        MailCatcher {
            port,
            dir,
            log,
            child: Mutex::new(child),
        }
    }

    /// Where to send: `smtp://127.0.0.1:PORT` (plain SMTP, no TLS; AUTH accepts anything).
    pub fn smtp_url(&self) -> String {
        format!("smtp://127.0.0.1:{}", self.port)
    }

    pub fn port(&self) -> u16 {
        self.port
    }

    /// The folder the messages are written to.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// Waits (polling the directory every 20 ms, up to `timeout`) until at least `count`
    /// messages addressed to `to` (case-insensitive, among rcpt_tos) arrived; returns all of them
    /// oldest first; panics naming what arrived if the time runs out.
    pub async fn wait_for(&self, to: &str, count: usize, timeout: Duration) -> Vec<ReceivedMail> {
        let deadline = Instant::now() + timeout;
        loop {
            let got = self.received(to);
            if got.len() >= count {
                return got;
            }
            if Instant::now() >= deadline {
                panic!(
                    "{count} e-mail(s) to {to} expected within {timeout:?}, {} arrived{}",
                    got.len(),
                    self.summary()
                );
            }
            actix_rt::time::sleep(Duration::from_millis(20)).await;
        }
    }

    /// Messages to `to` received so far (no wait), oldest first.
    pub fn received(&self, to: &str) -> Vec<ReceivedMail> {
        let to = to.to_lowercase();
        self.all()
            .into_iter()
            .filter(|mail| mail.rcpt_tos.iter().any(|rcpt| rcpt.to_lowercase() == to))
            .collect()
    }

    /// Every message received so far, oldest first (file names start with a counter).
    pub fn all(&self) -> Vec<ReceivedMail> {
        let entries = std::fs::read_dir(&self.dir).unwrap_or_else(|error| {
            panic!("mail catcher: cannot read {}: {error}", self.dir.display())
        });
        let mut paths: Vec<PathBuf> = entries
            .filter_map(|entry| entry.ok().map(|entry| entry.path()))
            .filter(|path| {
                // Written under a temporary name starting with "." and renamed when whole.
                path.extension()
                    .is_some_and(|extension| extension == "json")
                    && !path
                        .file_name()
                        .and_then(|name| name.to_str())
                        .is_some_and(|name| name.starts_with('.'))
            })
            .collect();
        paths.sort();
        paths
            .into_iter()
            .map(|path| {
                let bytes = std::fs::read(&path).unwrap_or_else(|error| {
                    panic!("mail catcher: cannot read {}: {error}", path.display())
                });
                let mut mail: ReceivedMail = serde_json::from_slice(&bytes)
                    .unwrap_or_else(|error| panic!("mail catcher: {}: {error}", path.display()));
                mail.raw_path = path.with_extension("eml");
                mail
            })
            .collect()
    }

    /// What the server holds, for a failure's message: each message's recipients and subject,
    /// and whether the server still runs.
    fn summary(&self) -> String {
        let mails = self.all();
        let mut text = format!(
            "; the catcher ({}) holds {} message(s)",
            self.smtp_url(),
            mails.len()
        );
        for mail in mails.iter().rev().take(30).rev() {
            text.push_str(&format!(
                "\n  {} to {}: {:?}",
                mail.received_at,
                mail.rcpt_tos.join(", "),
                mail.subject
            ));
        }
        if mails.len() > 30 {
            text.push_str("\n  (only the last 30 shown)");
        }
        let running = self
            .child
            .lock()
            .map(|mut child| matches!(child.try_wait(), Ok(None)))
            .unwrap_or(true);
        if !running {
            text.push_str(&format!(
                "\n  the server has ended; its log ({}):\n{}",
                self.log.display(),
                std::fs::read_to_string(&self.log).unwrap_or_default()
            ));
        }
        text
    }
}

/// The folders of earlier test programs that have ended (kept until then for a failure's
/// reading): `colivra-mail-<pid>` whose process is gone (Linux's /proc; elsewhere, none).
fn remove_stale_folders() {
    let proc = Path::new("/proc");
    if !proc.join("self").exists() {
        return;
    }
    let Ok(entries) = std::fs::read_dir(std::env::temp_dir()) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name();
        let Some(pid) = name
            .to_str()
            .and_then(|name| name.strip_prefix("colivra-mail-"))
            .and_then(|pid| pid.parse::<u32>().ok())
        else {
            continue;
        };
        if !proc.join(pid.to_string()).exists() {
            let _ = std::fs::remove_dir_all(entry.path());
        }
    }
}

impl ReceivedMail {
    /// The header's first value (`name` in any case).
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .get(&name.to_ascii_lowercase())
            .and_then(|values| values.first())
            .map(String::as_str)
    }

    /// The first http(s) link in the text part.
    pub fn first_link(&self) -> Option<String> {
        let text = self.text.as_deref()?;
        let start = ["https://", "http://"]
            .iter()
            .filter_map(|scheme| text.find(scheme))
            .min()?;
        let link: &str = text[start..]
            .split(|c: char| {
                c.is_whitespace() || matches!(c, '<' | '>' | '"' | '«' | '»' | '“' | '”')
            })
            .next()
            .unwrap_or_default();
        // Punctuation closing the sentence the link ends.
        let link = link.trim_end_matches(['.', ',', ';', ':', '!', '?', ')', ']', '\'']);
        Some(link.to_owned())
    }
}
