//! Error collection and "did you mean" hints shared by every stage.

use proc_macro2::Span;

/// Collects errors so that all of them are reported at once.
#[derive(Default)]
pub struct Errors(Option<syn::Error>);

impl Errors {
    pub fn push(&mut self, span: Span, msg: impl std::fmt::Display) {
        let e = syn::Error::new(span, msg);
        match &mut self.0 {
            Some(all) => all.combine(e),
            None => self.0 = Some(e),
        }
    }
    pub fn finish(self) -> syn::Result<()> {
        match self.0 {
            Some(e) => Err(e),
            None => Ok(()),
        }
    }
}

/// Levenshtein distance, for "did you mean" hints.
fn distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut cur = vec![i + 1];
        for (j, cb) in b.iter().enumerate() {
            cur.push(
                (prev[j] + usize::from(ca != *cb))
                    .min(prev[j + 1] + 1)
                    .min(cur[j] + 1),
            );
        }
        prev = cur;
    }
    prev[b.len()]
}

/// "expected one of ...", with a suggestion when a candidate is close.
pub fn one_of(word: &str, candidates: &[&str]) -> String {
    let best = candidates.iter().min_by_key(|c| distance(word, c));
    let list = candidates
        .iter()
        .map(|c| format!("`{c}`"))
        .collect::<Vec<_>>()
        .join(", ");
    match best {
        Some(b) if distance(word, b) <= 2.max(word.len() / 3) => {
            format!("did you mean `{b}`? expected one of {list}")
        }
        _ => format!("expected one of {list}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hints_suggest_a_close_word_and_list_the_rest() {
        assert_eq!(distance("circe", "cirse"), 1);
        assert_eq!(
            one_of("cirse", &["circe", "rifle"]),
            "did you mean `circe`? expected one of `circe`, `rifle`"
        );
        assert_eq!(
            one_of("zzzzzz", &["circe", "rifle"]),
            "expected one of `circe`, `rifle`"
        );
    }
}
