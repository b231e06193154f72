//! Which soldiers of a battlefront squad fire which weapon (tactics-battlefront-2013-rules.txt,
//! "Soldiers with Several Weapons", "Under-Barrel Weapons"). One definition for the engine
//! (`Game::bf_firers`) and the exact odds, so that both share the soldiers out alike
//! (docs/rulings.md, "Battlefront soldiers with several weapons").

use crate::range::WeaponRange;
use crate::unit::{BattlefrontCard, UnitCard};

/// The main weapon of under-barrel line `li`: the nearest ranged line before it on the card that
/// is not under-barrel itself (docs/rulings.md, "Battlefront under-barrel weapons"); `None` for
/// other lines.
pub fn main_weapon(card: &UnitCard, bf: Option<&BattlefrontCard>, li: usize) -> Option<usize> {
    let bf = bf?;
    let under = |j: usize| bf.weapons.get(j).is_some_and(|w| w.under_barrel);
    if !under(li) {
        return None;
    }
    (0..li).rev().find(|&j| card.weapons[j].range != WeaponRange::Close && !under(j))
}

/// The living soldiers (`models`: the weapon bit set of each) shared out among the chosen lines
/// `lines` (line, ammo spent) of one kind (ranged, or close combat): each limited-ammo line takes
/// as many of its carriers as the ammo it spends (those with the fewest other chosen lines
/// first), then each other line, in card order, every carrier still free; an under-barrel line
/// chosen with its main weapon fires with every soldier firing the main weapon who carries it.
/// Returns (line, soldiers firing it).
pub fn share_out(card: &UnitCard, bf: Option<&BattlefrontCard>, models: &[u32], lines: &[(usize, u8)]) -> Vec<(usize, u32)> {
    let mut lines: Vec<(usize, u8)> = lines.iter().copied().filter(|l| l.0 < 32).collect();
    lines.sort_unstable();
    lines.dedup_by_key(|l| l.0);
    let riders: Vec<(usize, usize)> = lines
        .iter()
        .filter_map(|&(l, _)| {
            let main = main_weapon(card, bf, l)?;
            lines.iter().any(|x| x.0 == main).then_some((l, main))
        })
        .collect();
    lines.retain(|l| !riders.iter().any(|r| r.0 == l.0));
    let aimed: u32 = lines.iter().fold(0, |m, l| m | 1 << l.0);
    // The line each living soldier fires.
    let mut fires: Vec<Option<usize>> = vec![None; models.len()];
    let carries = |i: usize, line: usize| models[i] & (1 << line) != 0;
    let mut out = Vec::new();
    for &(line, ammo) in &lines {
        if card.weapons[line].ammo.is_none() {
            continue;
        }
        let mut free: Vec<usize> = (0..models.len()).filter(|&i| fires[i].is_none() && carries(i, line)).collect();
        free.sort_by_key(|&i| (models[i] & aimed).count_ones());
        let mut n = 0;
        for i in free.into_iter().take(usize::from(ammo)) {
            fires[i] = Some(line);
            n += 1;
        }
        out.push((line, n));
    }
    for &(line, _) in &lines {
        if card.weapons[line].ammo.is_some() {
            continue;
        }
        let mut n = 0;
        for (i, f) in fires.iter_mut().enumerate() {
            if f.is_none() && carries(i, line) {
                *f = Some(line);
                n += 1;
            }
        }
        out.push((line, n));
    }
    for (ub, main) in riders {
        let n = (0..models.len()).filter(|&i| fires[i] == Some(main) && carries(i, ub)).count();
        out.push((ub, n as u32));
    }
    out
}
