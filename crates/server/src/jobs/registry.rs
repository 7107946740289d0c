//! Every job kind and its handler: one line per kind, added by the area that owns it.

use std::collections::HashMap;

use super::Handler;

pub fn handlers() -> HashMap<&'static str, Handler> {
    #[expect(unused_mut, reason = "areas add their handlers here")]
    let mut handlers: HashMap<&'static str, Handler> = HashMap::new();
    handlers
}
