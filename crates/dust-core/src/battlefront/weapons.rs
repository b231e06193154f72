//! Which soldiers of a battlefront squad fire which weapon, and how many crew weapons a vehicle
//! fires (tactics-battlefront-2013-rules.txt, "Soldiers with Several Weapons", "Support
//! Weapons", "Vehicle Crews", "Under-Barrel Weapons"). One definition for the engine
//! (`Game::bf_firers`) and the exact odds, so that both share the soldiers out alike
//! (docs/rulings.md, "Battlefront soldiers with several weapons", "Battlefront support weapon
//! crews", "Battlefront vehicle crews").
//!
//! The chosen lines come as (line, count). The count is the number the player gave with the
//! line (the third number of `aim 2 u1 2`): for a limited-ammo line the soldiers firing it (one
//! ammo box per attack however many fire), for another line of a squad the soldiers firing it
//! and for a vehicle's crew line the crew weapons firing it, 0 meaning every carrier (or damage
//! point) still free once the lines with a count have theirs. A support weapon ignores it: it
//! fires as one weapon with a crew of two.

use crate::edition::Edition;
use crate::range::WeaponRange;
use crate::unit::{BattlefrontCard, BattlefrontKind, CombatValue, UnitCard, UnitKind, WeaponLine};

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

/// Whether line `li` is the support weapon of a support weapon unit ("Support weapon units
/// (ones that mount multiple miniatures on the same base) use a two-man team to fire the
/// support weapon"): its ranged lines with a `mount` (the gun on the base; the crew's personal
/// weapons are infantry weapons, which have none), or, when no ranged line says a mount, its
/// first ranged line (docs/rulings.md, "Battlefront support weapon crews").
pub fn is_support(card: &UnitCard, bf: Option<&BattlefrontCard>, li: usize) -> bool {
    let Some(bf) = bf else { return false };
    if bf.kind != Some(BattlefrontKind::SupportWeapon) {
        return false;
    }
    let ranged = |j: usize| card.weapons.get(j).is_some_and(|w| w.range != WeaponRange::Close);
    let mounted = |j: usize| bf.weapons.get(j).is_some_and(|w| w.mount.is_some());
    if !ranged(li) {
        return false;
    }
    if (0..card.weapons.len()).any(|j| ranged(j) && mounted(j)) {
        mounted(li)
    } else {
        (0..card.weapons.len()).find(|&j| ranged(j)) == Some(li)
    }
}

/// Whether a limited-ammo line is a Volley launcher ("Volley" values against some armour): one
/// launcher whatever ammo it spends. One reading for the engines, the odds and the words of the
/// user interfaces.
pub fn is_volley_line(w: &WeaponLine) -> bool {
    w.table
        .soldier
        .iter()
        .chain(&w.table.vehicle)
        .any(|v| matches!(v, CombatValue::Volley { .. }))
}

/// Whether line `li` is a crew weapon of a vehicle ("Vehicle Crews"; the `crew` keyword on a
/// card that is neither a squad nor a hero).
pub fn is_crew(card: &UnitCard, bf: Option<&BattlefrontCard>, li: usize) -> bool {
    !matches!(card.kind, UnitKind::Squad | UnitKind::Hero) && bf.and_then(|b| b.weapons.get(li)).is_some_and(|w| w.crew)
}

/// The living soldiers (`models`: the weapon bit set of each) shared out among the chosen lines
/// `lines` (line, count) of one kind (ranged, or close combat), each soldier firing one line:
/// first each support weapon, in card order, takes two soldiers, one of them carrying it (it
/// fires as one weapon; with fewer than two soldiers left, or no carrier, it does not fire);
/// then each limited-ammo line takes as many of its carriers as its count; then each other
/// line with a count as many as it says; then each line without a count, in card order, every
/// carrier still free. The lines that take a number of soldiers take those with the fewest
/// other chosen lines first, and when that leaves one short while another choice of soldiers
/// gives each its number, that choice. An under-barrel line chosen with its main weapon fires
/// with every soldier firing the main weapon who carries it. Returns (line, soldiers firing
/// it; for a support weapon, 1 when it fires).
pub fn share_out(card: &UnitCard, bf: Option<&BattlefrontCard>, models: &[u32], lines: &[(usize, u8)]) -> Vec<(usize, u32)> {
    let mut lines: Vec<(usize, u8)> = lines.iter().copied().filter(|l| l.0 < 32 && l.0 < card.weapons.len()).collect();
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
    // The other chosen lines a soldier could fire instead.
    let others = |i: usize, line: usize| (models[i] & aimed & !(1 << line)).count_ones();
    let mut out = Vec::new();
    // "Only the third or fourth soldiers of the unit can fire other weapons if the support
    // weapon fires."
    let support: Vec<(usize, u8)> = lines.iter().copied().filter(|l| is_support(card, bf, l.0)).collect();
    let rest: Vec<(usize, u8)> = lines.iter().copied().filter(|l| !is_support(card, bf, l.0)).collect();
    for &(line, _) in &support {
        let pick = |fires: &[Option<usize>], ok: &dyn Fn(usize) -> bool| {
            (0..models.len())
                .filter(|&i| fires[i].is_none() && ok(i))
                .min_by_key(|&i| (others(i, line), i))
        };
        let crew = pick(&fires, &|i| carries(i, line)).and_then(|c| pick(&fires, &|i| i != c).map(|m| (c, m)));
        match crew {
            Some((c, m)) => {
                fires[c] = Some(line);
                fires[m] = Some(line);
                out.push((line, 1));
            }
            None => out.push((line, 0)),
        }
    }
    // The limited-ammo lines, then the other lines with a count.
    let counted = |l: &(usize, u8)| card.weapons[l.0].ammo.is_some() || l.1 > 0;
    let ammo_first: Vec<(usize, u8)> = rest
        .iter()
        .filter(|l| card.weapons[l.0].ammo.is_some())
        .chain(rest.iter().filter(|l| card.weapons[l.0].ammo.is_none() && l.1 > 0))
        .copied()
        .collect();
    for &(line, count) in &ammo_first {
        let mut free: Vec<usize> = (0..models.len()).filter(|&i| fires[i].is_none() && carries(i, line)).collect();
        free.sort_by_key(|&i| others(i, line));
        for i in free.into_iter().take(usize::from(count)) {
            fires[i] = Some(line);
        }
    }
    // A line left short by the soldiers the lines before it took, when another choice of them
    // gives every line its number: a soldier moves to this line and the line he leaves takes
    // another of its carriers (an augmenting path; the support weapon's crew stays).
    for &(line, count) in &ammo_first {
        while fires.iter().filter(|f| **f == Some(line)).count() < usize::from(count) {
            let mut seen = vec![false; models.len()];
            if !augment(line, models, &ammo_first, &mut fires, &mut seen) {
                break;
            }
        }
    }
    for &(line, _) in &ammo_first {
        out.push((line, fires.iter().filter(|f| **f == Some(line)).count() as u32));
    }
    for &(line, _) in rest.iter().filter(|l| !counted(l)) {
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

/// Gives line `line` one more soldier: a free carrier of it, or a carrier firing another line of
/// `counted` (line, number) that can take another soldier in turn. False when none can.
fn augment(line: usize, models: &[u32], counted: &[(usize, u8)], fires: &mut [Option<usize>], seen: &mut [bool]) -> bool {
    for i in 0..models.len() {
        if seen[i] || models[i] & (1 << line) == 0 {
            continue;
        }
        seen[i] = true;
        let moves = match fires[i] {
            None => true,
            Some(k) if k != line && counted.iter().any(|c| c.0 == k) => augment(k, models, counted, fires, seen),
            Some(_) => false,
        };
        if moves {
            fires[i] = Some(line);
            return true;
        }
    }
    false
}

/// "Vehicle Crews": "If it chooses to attack with the Crew's weapons, it may fire one weapon
/// for each damage point the Vehicle has remaining" — the `points` left shared out among the
/// crew lines of `lines` (line, count): each line with a count takes as many as it says (at
/// most those left), in card order, then each line without one, in card order, every point
/// still free. Returns (crew line, weapons firing it); empty for a squad or a hero
/// (docs/rulings.md, "Battlefront vehicle crews").
pub fn share_crew(card: &UnitCard, bf: Option<&BattlefrontCard>, points: u32, lines: &[(usize, u8)]) -> Vec<(usize, u32)> {
    let mut lines: Vec<(usize, u8)> = lines.iter().copied().filter(|l| is_crew(card, bf, l.0)).collect();
    lines.sort_unstable();
    lines.dedup_by_key(|l| l.0);
    let mut free = points;
    let mut out = Vec::new();
    for &(line, count) in lines.iter().filter(|l| l.1 > 0) {
        let n = u32::from(count).min(free);
        free -= n;
        out.push((line, n));
    }
    for &(line, _) in lines.iter().filter(|l| l.1 == 0) {
        out.push((line, free));
        free = 0;
    }
    out
}

/// The number given with an aim of line `li` of `card` (`aim LINE TARGET N`, N above 0) in
/// words, as the engine reads it ([`crate::game::Decision::Aim`]; docs/rulings.md,
/// "Battlefront soldiers with several weapons", "Battlefront limited ammo"): the user
/// interfaces label the choice with it.
///
/// - battlefront, a squad's line that is not a support weapon: the soldiers firing it, "2
///   soldiers"; on a limited-ammo line (not a Volley) they spend one ammo box however many
///   fire, "2 soldiers, one ammo box";
/// - battlefront, a vehicle's crew line that is not limited ammo: "2 crew weapons";
/// - otherwise (the revised edition, a Volley, a hero's, a vehicle's or a support weapon's
///   limited-ammo line): the ammo spent, "2 ammo".
pub fn count_words(card: &UnitCard, bf: Option<&BattlefrontCard>, edition: Edition, li: usize, n: u8) -> String {
    let plural = |one: &str| if n == 1 { format!("{n} {one}") } else { format!("{n} {one}s") };
    let Some(w) = card.weapons.get(li) else {
        return format!("{n} ammo");
    };
    if edition != Edition::Battlefront || (w.ammo.is_some() && is_volley_line(w)) {
        return format!("{n} ammo");
    }
    if card.kind == UnitKind::Squad && !is_support(card, bf, li) {
        let soldiers = plural("soldier");
        return if w.ammo.is_some() {
            format!("{soldiers}, one ammo box")
        } else {
            soldiers
        };
    }
    if w.ammo.is_none() && is_crew(card, bf, li) {
        return plural("crew weapon");
    }
    format!("{n} ammo")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::tests_support::{rifle, squad};

    /// tactics-battlefront-2013-rules.txt, "Soldiers with Several Weapons": soldier 0 carries
    /// lines A and B, soldier 1 lines A and C. A and B each want one soldier, C takes who is
    /// left. Taking the soldiers with the fewest other chosen lines first, A would take soldier
    /// 0 (a tie) and leave B none; the other choice gives both their number.
    #[test]
    fn every_line_gets_its_number_when_some_choice_allows_it() {
        let r = WeaponRange::Spaces { min: 1, max: 4 };
        let card = squad("Mixed", 2, vec![rifle("A", r, 1), rifle("B", r, 1), rifle("C", r, 1)]);
        let mut got = share_out(&card, None, &[0b011, 0b101], &[(0, 1), (1, 1), (2, 0)]);
        got.sort_unstable();
        assert_eq!(got, [(0, 1), (1, 1), (2, 0)]);
        // Without C the first choice serves.
        let mut got = share_out(&card, None, &[0b011, 0b101], &[(0, 1), (1, 1)]);
        got.sort_unstable();
        assert_eq!(got, [(0, 1), (1, 1)]);
        // More than the carriers: as many as there are.
        let got = share_out(&card, None, &[0b011, 0b101], &[(1, 2)]);
        assert_eq!(got, [(1, 1)]);
    }

    /// What the number of an aim counts, in words (issue 10): soldiers on a squad's lines,
    /// one ammo box on its limited-ammo line, crew weapons on a vehicle's crew line, the ammo
    /// spent elsewhere and in the revised edition.
    #[test]
    fn the_number_of_an_aim_in_words() {
        use crate::unit::BattlefrontWeapon;
        let r = WeaponRange::Spaces { min: 1, max: 4 };
        let mut rocket = rifle("Rocket", r, 1);
        rocket.ammo = Some(2);
        let card = squad("Grenadiers", 3, vec![rifle("Rifle", r, 1), rocket]);
        let bf = Edition::Battlefront;
        assert_eq!(count_words(&card, None, bf, 0, 1), "1 soldier");
        assert_eq!(count_words(&card, None, bf, 0, 2), "2 soldiers");
        assert_eq!(count_words(&card, None, bf, 1, 2), "2 soldiers, one ammo box");
        assert_eq!(count_words(&card, None, Edition::Revised, 1, 2), "2 ammo");
        let mut tank = card.clone();
        tank.kind = UnitKind::Vehicle;
        let crew = BattlefrontCard {
            weapons: vec![
                BattlefrontWeapon {
                    crew: true,
                    ..BattlefrontWeapon::default()
                },
                BattlefrontWeapon::default(),
            ],
            ..BattlefrontCard::default()
        };
        assert_eq!(count_words(&tank, Some(&crew), bf, 0, 2), "2 crew weapons");
        assert_eq!(count_words(&tank, Some(&crew), bf, 1, 1), "1 ammo");
        let mut hero = card;
        hero.kind = UnitKind::Hero;
        assert_eq!(count_words(&hero, None, bf, 1, 1), "1 ammo");
    }
}
