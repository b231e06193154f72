//! Issue 5, "Measures": our exact odds equal those of the Python dice library icepool to 1e-9.
//!
//! `tests/fixtures/icepool_activation.json` holds icepool's exact answer for the benchmark's
//! full activation (three lines, one a laser, sustained attack, a squad of five in hard cover),
//! written by `benches/icepool_reference.py --fixture` (the file names the icepool version and
//! the command); `benches/compare_icepool.sh` recomputes both sides and times them. This test
//! needs no Python.

#[path = "../benches/odds_activation/mod.rs"]
mod odds_activation;

use dust_core::odds::odds;
use std::collections::BTreeMap;

/// A JSON value, as much of JSON as the fixture uses.
#[derive(Debug, Clone)]
enum Json {
    Num(f64),
    Str(String),
    Arr(Vec<Json>),
    Obj(BTreeMap<String, Json>),
    Other,
}

impl Json {
    fn get(&self, key: &str) -> &Json {
        match self {
            Json::Obj(m) => m.get(key).unwrap_or_else(|| panic!("the fixture has no `{key}`")),
            _ => panic!("`{key}` asked of a non-object"),
        }
    }
    fn num(&self) -> f64 {
        match self {
            Json::Num(x) => *x,
            v => panic!("not a number: {v:?}"),
        }
    }
    fn str(&self) -> &str {
        match self {
            Json::Str(s) => s,
            v => panic!("not a string: {v:?}"),
        }
    }
    fn arr(&self) -> &[Json] {
        match self {
            Json::Arr(v) => v,
            v => panic!("not an array: {v:?}"),
        }
    }
    fn probs(&self) -> Vec<f64> {
        self.arr().iter().map(Json::num).collect()
    }
}

struct Parser<'a> {
    s: &'a [u8],
    i: usize,
}

impl Parser<'_> {
    fn ws(&mut self) {
        while self.i < self.s.len() && self.s[self.i].is_ascii_whitespace() {
            self.i += 1;
        }
    }
    fn eat(&mut self, c: u8) {
        self.ws();
        assert_eq!(self.s.get(self.i), Some(&c), "expected `{}` at byte {}", c as char, self.i);
        self.i += 1;
    }
    fn peek(&mut self) -> u8 {
        self.ws();
        self.s[self.i]
    }
    fn string(&mut self) -> String {
        self.eat(b'"');
        let mut out = String::new();
        while self.s[self.i] != b'"' {
            if self.s[self.i] == b'\\' {
                self.i += 1;
            }
            out.push(self.s[self.i] as char);
            self.i += 1;
        }
        self.i += 1;
        out
    }
    fn value(&mut self) -> Json {
        match self.peek() {
            b'{' => {
                self.eat(b'{');
                let mut m = BTreeMap::new();
                while self.peek() != b'}' {
                    let k = self.string();
                    self.eat(b':');
                    m.insert(k, self.value());
                    if self.peek() == b',' {
                        self.eat(b',');
                    }
                }
                self.eat(b'}');
                Json::Obj(m)
            }
            b'[' => {
                self.eat(b'[');
                let mut v = Vec::new();
                while self.peek() != b']' {
                    v.push(self.value());
                    if self.peek() == b',' {
                        self.eat(b',');
                    }
                }
                self.eat(b']');
                Json::Arr(v)
            }
            b'"' => Json::Str(self.string()),
            _ => {
                let start = self.i;
                while self.i < self.s.len() && !b",]} \n\r\t".contains(&self.s[self.i]) {
                    self.i += 1;
                }
                let tok = std::str::from_utf8(&self.s[start..self.i]).unwrap();
                tok.parse().map_or(Json::Other, Json::Num)
            }
        }
    }
}

fn fixture() -> Json {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/icepool_activation.json");
    let text = std::fs::read_to_string(path).expect("the icepool fixture");
    Parser { s: text.as_bytes(), i: 0 }.value()
}

/// The largest difference between two distributions, entries missing on one side being 0.
fn max_diff(a: &[f64], b: &[f64]) -> f64 {
    (0..a.len().max(b.len()))
        .map(|k| (a.get(k).unwrap_or(&0.0) - b.get(k).unwrap_or(&0.0)).abs())
        .fold(0.0, f64::max)
}

#[test]
fn the_full_activation_equals_icepool() {
    let ice = fixture();
    assert!(ice.get("icepool_version").str().starts_with(char::is_numeric));
    assert!(ice.get("command").str().contains("icepool_reference.py"));
    let (a, t) = odds_activation::cards();
    let o = odds(&odds_activation::spec(&a, &t)).unwrap();
    let mut worst: Vec<(String, f64)> = vec![
        ("loss".into(), max_diff(o.loss.probs(), &ice.get("loss").probs())),
        ("destroyed".into(), (o.destroyed - ice.get("destroyed").num()).abs()),
        ("mean".into(), (o.loss.mean() - ice.get("mean").num()).abs()),
    ];
    let lines = ice.get("lines").arr();
    assert_eq!(lines.len(), o.lines.len());
    for l in &o.lines {
        let i = lines
            .iter()
            .find(|x| x.get("name").str() == l.name)
            .unwrap_or_else(|| panic!("icepool has no line {}", l.name));
        worst.push((format!("{} hits", l.name), max_diff(l.hits.probs(), &i.get("hits").probs())));
        worst.push((
            format!("{} after cover", l.name),
            max_diff(l.after_cover.probs(), &i.get("after_cover").probs()),
        ));
    }
    for (what, d) in &worst {
        assert!(*d <= 1e-9, "{what}: differs from icepool by {d:e}");
    }
    // In fact they agree to rounding.
    let max = worst.iter().map(|w| w.1).fold(0.0, f64::max);
    assert!(max < 1e-13, "{max:e}");
    assert!((o.loss.mean() - odds_activation::MEAN).abs() < 1e-12);
}
