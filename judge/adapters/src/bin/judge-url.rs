//! url `Url::parse` (the WHATWG URL Standard's parser; absolute URLs only, no base).
fn main() {
    judge_adapters::serve(|s| url::Url::parse(s).is_ok(), None);
}
