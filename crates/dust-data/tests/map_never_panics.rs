//! Property tests: the map parser never panics, every diagnostic points inside the file, and a
//! map that is accepted round-trips through `MapFile::to_toml`.

use dust_data::parse_map;
use proptest::prelude::*;

const EXAMPLES: [&str; 2] = [
    include_str!("../../../maps/structures-example.toml"),
    include_str!("../../../maps/core-board.toml"),
];

/// Characters that matter to the format, to make mutations hit interesting places.
const ALPHABET: &[char] = &[
    '.', '~', 'x', 's', '#', 'a', 't', '?', ' ', '\n', '\r', '\t', '"', '\'', '[', ']', '{', '}', '=', ',', ':', 'A', 'Z', '1', '9', '0',
    '-', 'é', '\u{0}', '\\',
];

fn check(text: &str) {
    match parse_map(text, "p.toml") {
        Ok(m) => {
            let again = parse_map(&m.to_toml(), "again.toml");
            assert_eq!(
                again.as_ref().ok(),
                Some(&m),
                "round trip failed for:\n{text}\n---\n{}\n{again:?}",
                m.to_toml()
            );
        }
        Err(diags) => {
            assert!(!diags.is_empty());
            let lines = text.split('\n').count();
            for d in &diags {
                assert!(d.line >= 1 && d.line <= lines, "{d} outside {lines} lines");
                assert!(d.col >= 1, "{d}");
                assert!(d.to_string().starts_with(&format!("p.toml:{}:{}: ", d.line, d.col)));
            }
        }
    }
}

#[derive(Debug, Clone)]
enum Edit {
    Insert(usize, char),
    Delete(usize),
    Replace(usize, char),
    DuplicateLine(usize),
    Truncate(usize),
}

fn edit() -> impl Strategy<Value = Edit> {
    let ch = prop::sample::select(ALPHABET);
    prop_oneof![
        (any::<usize>(), ch.clone()).prop_map(|(i, c)| Edit::Insert(i, c)),
        any::<usize>().prop_map(Edit::Delete),
        (any::<usize>(), ch).prop_map(|(i, c)| Edit::Replace(i, c)),
        any::<usize>().prop_map(Edit::DuplicateLine),
        any::<usize>().prop_map(Edit::Truncate),
    ]
}

fn apply(text: &str, edits: &[Edit]) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    for e in edits {
        let n = chars.len().max(1);
        match *e {
            Edit::Insert(i, c) => chars.insert(i % (chars.len() + 1), c),
            Edit::Delete(i) if !chars.is_empty() => {
                chars.remove(i % n);
            }
            Edit::Replace(i, c) if !chars.is_empty() => chars[i % n] = c,
            Edit::DuplicateLine(i) => {
                let s: String = chars.iter().collect();
                let mut lines: Vec<&str> = s.split('\n').collect();
                let k = i % lines.len();
                lines.insert(k, lines[k]);
                chars = lines.join("\n").chars().collect();
            }
            Edit::Truncate(i) => chars.truncate(i % n),
            _ => {}
        }
    }
    chars.into_iter().collect()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn arbitrary_text_never_panics(text in any::<String>()) {
        check(&text);
    }

    #[test]
    fn format_like_text_never_panics(chars in prop::collection::vec(prop::sample::select(ALPHABET), 0..200)) {
        let text: String = chars.into_iter().collect();
        check(&format!("name = \"m\"\ngrid = '''\n{text}\n'''\n"));
        check(&text);
    }

    #[test]
    fn mutated_examples_never_panic(which in 0..EXAMPLES.len(), edits in prop::collection::vec(edit(), 1..6)) {
        check(&apply(EXAMPLES[which], &edits));
    }
}

#[test]
fn odd_inputs() {
    for text in [
        "",
        "\u{feff}",
        "name = \"m\"\ngrid = \"\"",
        "name = \"m\"\ngrid = '''\n'''",
        "name = \"m\"\ngrid = \".\"\n[[structure]]\ninterior = [\"A1:A1\", \"A1\"]\n",
        "name = \"m\"\ngrid = \".\"\npiece = {}\n",
        "name = \"m\"\ngrid = \".\"\n[[piece]]\n[[piece]]\n",
        "name = \"m\"\ngrid = \".\"\ncover_zone = \"A1:\"\n",
        "name = \"m\"\ngrid = \".\"\ncover_zone = \":\"\n",
        "name = \"m\"\ngrid = \".\"\ncover_zone = \"A1:B2:C3\"\n",
        "name = \"m\"\ngrid = \"\\u0000\"\n",
        "name = \"m\"\ngrid = \".\"\nentry = { a = \"A1\", b = [[\"A1\"]] }\n",
        "name = \"m\"\ngrid = \".\"\n[[structure]]\ninterior = \"A1\"\ninner_walls = [{ between = [\"A1\", \"A1\"] }]\n",
        "name = \"m\"\ngrid = \".\"\n[[structure]]\ninterior = \"A1\"\nentrances = [{ at = \"A1\", side = \"north\", size = \"large\" }]\n",
    ] {
        check(text);
    }
    // 300 structures: more than the board allows.
    let mut many = String::from("name = \"m\"\ngrid = '''\n");
    for _ in 0..20 {
        many.push_str(&".".repeat(20));
        many.push('\n');
    }
    many.push_str("'''\n");
    for i in 0..300 {
        many.push_str(&format!(
            "[[structure]]\ninterior = [\"{}{}\"]\n",
            char::from(b'A' + (i % 20) as u8),
            i / 20 + 1
        ));
    }
    check(&many);
}
