//! Every job kind and its handler: one line per kind, added by the area that owns it.

use std::collections::HashMap;

use super::Handler;

pub fn handlers() -> HashMap<&'static str, Handler> {
    let mut handlers: HashMap<&'static str, Handler> = HashMap::new();
    handlers.insert(crate::returns::CAPTURE_JOB, super::handler(crate::returns::job::run));
    handlers
}
