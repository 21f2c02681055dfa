//! The order notation parser (no_std, no allocation).
//!
//! Grammar, case-insensitive, spaces free between tokens:
//! ```text
//! order    = [kind] place [rest]
//! rest     = "H" | "Hold" | "Holds"
//!          | move-op place ["via convoy" | "by convoy"]
//!          | ("S" | "Support" | "Supports") [nation] [kind] place [move-op place | "H" | "Hold"]
//!          | ("C" | "Convoy" | "Convoys") [nation] [kind] place move-op place
//! nation   = a power name of the map, or "Austrian", "English", ... "Turkish" (ignored;
//!            a province named like it is read instead when the order parses only that way)
//! kind     = "A" | "F" | "Army" | "Fleet"
//! place    = name [coast]           name: full name, abbreviation or alias of the map
//! coast    = "(" c ")" | "/" c      c: nc sc ec wc, "north coast", "north", ...
//! move-op  = "-" | "->" | "–" | "—" | "→"
//! ```
//! Names are matched longest first, so `Mid-Atlantic Ocean - Spain(nc)` reads
//! as intended. A coast on a province without coasts, or a coast the province
//! does not have, is dropped (DATC 4.B.6: ignored).

use super::adjust::Adjustment;
use super::map::{Coast, Location, Map};
use super::order::{Action, Order, UnitKind};
use core::fmt;

/// What the parser could not read.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ParseErrorKind {
    /// The text is empty (or only spaces).
    Empty,
    /// A province name was expected here but none of the map's names matches.
    UnknownLocation,
    /// `(` or `/` is not followed by a coast name, or `(` is not closed.
    BadCoast,
    /// After the unit, neither hold, move, support nor convoy follows.
    UnknownOrder,
    /// A convoy order without `- destination`.
    ExpectedDestination,
    /// Text remains after a complete order.
    TrailingText,
}

/// A parse error: what and where (byte offset in the text).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ParseError {
    /// What went wrong.
    pub kind: ParseErrorKind,
    /// Byte offset in the parsed text where it went wrong.
    pub at: usize,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let what = match self.kind {
            ParseErrorKind::Empty => "empty order",
            ParseErrorKind::UnknownLocation => "unknown location",
            ParseErrorKind::BadCoast => "bad coast",
            ParseErrorKind::UnknownOrder => "expected hold, move, support or convoy",
            ParseErrorKind::ExpectedDestination => "expected '- destination'",
            ParseErrorKind::TrailingText => "unexpected text after the order",
        };
        write!(f, "{what} at byte {}", self.at)
    }
}

/// Matches `name` (a map name) at the start of `text`: case-insensitive, a
/// space in the name matches one or more spaces, and the match must end at a
/// word boundary. Returns the bytes consumed.
fn match_prefix(name: &[u8], text: &[u8]) -> Option<usize> {
    let mut t = 0;
    let mut n = 0;
    while n < name.len() {
        let c = name[n];
        if c == b' ' {
            if t >= text.len() || !text[t].is_ascii_whitespace() {
                return None;
            }
            while t < text.len() && text[t].is_ascii_whitespace() {
                t += 1;
            }
        } else {
            if t >= text.len() || !text[t].eq_ignore_ascii_case(&c) {
                return None;
            }
            t += 1;
        }
        n += 1;
    }
    if t < text.len() && (text[t].is_ascii_alphanumeric() || text[t] == b'.') {
        return None;
    }
    Some(t)
}

/// The longest map name (name, abbreviation or alias) at the start of `text`.
pub(crate) fn match_name(map: &Map<'_>, text: &[u8]) -> Option<(Location, usize)> {
    let mut best: Option<(Location, usize)> = None;
    let mut consider = |location: Location, name: &str| {
        if let Some(used) = match_prefix(name.as_bytes(), text)
            && best.is_none_or(|(_, b)| used > b)
        {
            best = Some((location, used));
        }
    };
    for p in 0..map.province_count() {
        let info = &map.provinces[p];
        consider(Location(p as u8), info.name);
        consider(Location(p as u8), info.abbreviation);
    }
    for &(alias, location) in map.aliases {
        consider(location, alias);
    }
    best
}

struct Cursor<'t> {
    text: &'t [u8],
    pos: usize,
}

impl<'t> Cursor<'t> {
    /// A cursor at the start of `text`; blank text is an [`ParseErrorKind::Empty`] order.
    fn open(text: &'t str) -> Result<Cursor<'t>, ParseError> {
        let mut cursor = Cursor {
            text: text.as_bytes(),
            pos: 0,
        };
        if cursor.at_end() {
            return Err(ParseError {
                kind: ParseErrorKind::Empty,
                at: 0,
            });
        }
        Ok(cursor)
    }

    fn skip_spaces(&mut self) {
        while self.pos < self.text.len() && self.text[self.pos].is_ascii_whitespace() {
            self.pos += 1;
        }
    }

    fn rest(&self) -> &'t [u8] {
        &self.text[self.pos..]
    }

    fn at_end(&mut self) -> bool {
        self.skip_spaces();
        self.pos >= self.text.len()
    }

    /// Nothing but spaces is left; otherwise [`ParseErrorKind::TrailingText`].
    fn end(&mut self) -> Result<(), ParseError> {
        if self.at_end() {
            Ok(())
        } else {
            Err(ParseError {
                kind: ParseErrorKind::TrailingText,
                at: self.pos,
            })
        }
    }

    /// Consumes one of `words` (case-insensitive, whole word) if present.
    fn word(&mut self, words: &[&str]) -> bool {
        self.skip_spaces();
        for w in words {
            if let Some(used) = match_prefix(w.as_bytes(), self.rest()) {
                self.pos += used;
                return true;
            }
        }
        false
    }

    /// Consumes a move operator if present.
    fn move_op(&mut self) -> bool {
        self.skip_spaces();
        for op in ["->", "-", "\u{2013}", "\u{2014}", "\u{2192}"] {
            if self.rest().starts_with(op.as_bytes()) {
                self.pos += op.len();
                return true;
            }
        }
        false
    }

    /// Parses the rest of a support or convoy with `rest`, first with a leading nationality
    /// skipped and, when that reading fails, with the same word read as a province: a map may
    /// name a province like a power, and "Supports Holland" then supports the unit in Holland.
    /// The first reading's error is the one reported.
    fn after_nationality<T>(
        &mut self,
        map: &Map<'_>,
        mut rest: impl FnMut(&mut Self) -> Result<T, ParseError>,
    ) -> Result<T, ParseError> {
        self.skip_spaces();
        let start = self.pos;
        self.nationality(map);
        if self.pos == start {
            return rest(self);
        }
        let skipped = rest(self);
        if skipped.is_ok() {
            return skipped;
        }
        self.pos = start;
        rest(self).or(skipped)
    }

    /// Skips a nationality before a supported or convoyed unit: a power name
    /// of the map or an English adjective of a standard power (DATC 4.C.5,
    /// 4.C.6: the nationality is ignored).
    fn nationality(&mut self, map: &Map<'_>) {
        self.skip_spaces();
        let start = self.pos;
        let skipped = (0..map.power_count()).any(|p| self.word(&[map.powers[p]]))
            || self.word(&[
                "austrian", "english", "french", "german", "italian", "russian", "turkish",
            ]);
        // A province name that starts with the same word wins ("English Channel").
        if skipped
            && match_name(map, &self.text[start..]).is_some_and(|(_, used)| start + used > self.pos)
        {
            self.pos = start;
        }
    }

    fn kind(&mut self) -> Option<UnitKind> {
        if self.word(&["army", "a"]) {
            Some(UnitKind::Army)
        } else if self.word(&["fleet", "f"]) {
            Some(UnitKind::Fleet)
        } else {
            None
        }
    }

    fn place(&mut self, map: &Map<'_>) -> Result<Location, ParseError> {
        self.skip_spaces();
        let start = self.pos;
        let (province, used) = match_name(map, self.rest()).ok_or(ParseError {
            kind: ParseErrorKind::UnknownLocation,
            at: start,
        })?;
        self.pos += used;
        let coast = self.coast()?;
        Ok(match coast {
            Some(coast) => map.coast_location(province, coast).unwrap_or(province),
            None => province,
        })
    }

    fn coast(&mut self) -> Result<Option<Coast>, ParseError> {
        let save = self.pos;
        self.skip_spaces();
        let at = self.pos;
        let bad = ParseError {
            kind: ParseErrorKind::BadCoast,
            at,
        };
        let closing = if self.rest().starts_with(b"(") {
            true
        } else if self.rest().starts_with(b"/") {
            false
        } else {
            self.pos = save;
            return Ok(None);
        };
        self.pos += 1;
        let coast = if self.word(&["north coast", "nc", "north", "n"]) {
            Coast::North
        } else if self.word(&["south coast", "sc", "south", "s"]) {
            Coast::South
        } else if self.word(&["east coast", "ec", "east", "e"]) {
            Coast::East
        } else if self.word(&["west coast", "wc", "west", "w"]) {
            Coast::West
        } else {
            return Err(bad);
        };
        if closing {
            self.skip_spaces();
            if !self.rest().starts_with(b")") {
                return Err(bad);
            }
            self.pos += 1;
        }
        Ok(Some(coast))
    }
}

/// The unit part of an order line, `[kind] place`, and the offset after it.
pub(crate) fn parse_unit(
    map: &Map<'_>,
    text: &str,
) -> Result<(Option<UnitKind>, Location, usize), ParseError> {
    let mut c = Cursor::open(text)?;
    let save = c.pos;
    let kind = c.kind();
    let location = match c.place(map) {
        Ok(l) => l,
        // "A" may be the start of a name after all (a map with a province "A...").
        Err(e) if kind.is_some() => {
            c.pos = save;
            match c.place(map) {
                Ok(l) => return Ok((None, l, c.pos)),
                Err(_) => return Err(e),
            }
        }
        Err(e) => return Err(e),
    };
    Ok((kind, location, c.pos))
}

/// Parses one order in conventional notation (see the module grammar), e.g.
/// `A Mar - Bur`, `A Gas S A Mar - Bur`, `F Nth C A Lon - Nwy`,
/// `A Lon - Nwy via Convoy`, `F Spa(sc) - Gol`, `F North Sea Hold`.
/// A unit alone (`A Par`) reads as a hold.
pub fn parse_order(map: &Map<'_>, text: &str) -> Result<Order, ParseError> {
    let (kind, location, after) = parse_unit(map, text)?;
    let mut c = Cursor {
        text: text.as_bytes(),
        pos: after,
    };
    let action = if c.at_end() || c.word(&["holds", "hold", "h"]) {
        Action::Hold
    } else if c.move_op() {
        let to = c.place(map)?;
        let via_convoy = c.word(&["via convoy", "by convoy"]);
        Action::Move { to, via_convoy }
    } else if c.word(&["supports", "support", "s"]) {
        c.after_nationality(map, |c| {
            let supported_kind = c.kind();
            let unit = c.place(map)?;
            let action = if c.move_op() {
                let to = c.place(map)?;
                Action::SupportMove {
                    kind: supported_kind,
                    from: unit,
                    to,
                }
            } else {
                c.word(&["holds", "hold", "h"]);
                Action::SupportHold {
                    kind: supported_kind,
                    unit,
                }
            };
            c.end().map(|()| action)
        })?
    } else if c.word(&["convoys", "convoy", "c"]) {
        c.after_nationality(map, |c| {
            c.kind();
            let from = c.place(map)?;
            if !c.move_op() {
                return Err(ParseError {
                    kind: ParseErrorKind::ExpectedDestination,
                    at: c.pos,
                });
            }
            let to = c.place(map)?;
            c.end().map(|()| Action::Convoy { from, to })
        })?
    } else {
        return Err(ParseError {
            kind: ParseErrorKind::UnknownOrder,
            at: c.pos,
        });
    };
    c.end()?;
    Ok(Order {
        kind,
        location,
        action,
    })
}

/// Parses one adjustment order: `Build A Warsaw`, `Build F Stp(sc)`, `Remove A Paris`,
/// `Disband F Nth`, or the same with the verb after the unit (`A Par Disband`). A build must
/// name its unit type.
pub fn parse_adjustment(map: &Map<'_>, text: &str) -> Result<Adjustment, ParseError> {
    const BUILD: &[&str] = &["builds", "build", "b"];
    const REMOVE: &[&str] = &["removes", "remove", "disbands", "disband", "r", "d"];
    let mut c = Cursor::open(text)?;
    // The verb first, unless the text is a unit whose name starts like one ("B" of Belgium...).
    let start = c.pos;
    let leading = if c.word(BUILD) {
        Some(true)
    } else if c.word(REMOVE) {
        Some(false)
    } else {
        None
    };
    let after_verb = c.pos;
    let unit = parse_unit(
        map,
        core::str::from_utf8(&c.text[after_verb..]).unwrap_or(""),
    );
    let (build, kind, location, end) = match (leading, unit) {
        (Some(build), Ok((kind, location, used))) => (build, kind, location, after_verb + used),
        _ => {
            let (kind, location, used) = parse_unit(map, text)?;
            c.pos = used;
            let build = if c.word(BUILD) {
                true
            } else if c.word(REMOVE) {
                false
            } else {
                return Err(ParseError {
                    kind: ParseErrorKind::UnknownOrder,
                    at: if leading.is_some() { start } else { c.pos },
                });
            };
            (build, kind, location, c.pos)
        }
    };
    c.pos = end;
    c.end()?;
    match (build, kind) {
        (true, Some(kind)) => Ok(Adjustment::Build { kind, location }),
        (true, None) => Err(ParseError {
            kind: ParseErrorKind::UnknownOrder,
            at: start,
        }),
        (false, kind) => Ok(Adjustment::Remove { kind, location }),
    }
}

/// Writes a location as its abbreviation plus coast, e.g. `Stp(sc)`.
pub struct LocationDisplay<'m> {
    map: &'m Map<'m>,
    location: Location,
}

impl fmt::Display for LocationDisplay<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.map.abbreviation(self.location))?;
        if let Some(coast) = self.map.coast_of(self.location) {
            write!(f, "({})", coast.abbreviation())?;
        }
        Ok(())
    }
}

/// Writes an order in short conventional notation, e.g. `A Gas S A Mar - Bur`.
pub struct OrderDisplay<'m> {
    map: &'m Map<'m>,
    order: Order,
}

impl fmt::Display for OrderDisplay<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let l = |location| LocationDisplay {
            map: self.map,
            location,
        };
        let kind = |k: Option<UnitKind>| k.map_or("", |k| k.letter());
        let sep = |k: Option<UnitKind>| if k.is_some() { " " } else { "" };
        let o = &self.order;
        write!(f, "{}{}{}", kind(o.kind), sep(o.kind), l(o.location))?;
        match o.action {
            Action::Hold => write!(f, " H"),
            Action::Move { to, via_convoy } => {
                write!(
                    f,
                    " - {}{}",
                    l(to),
                    if via_convoy { " via Convoy" } else { "" }
                )
            }
            Action::SupportHold { kind: k, unit } => {
                write!(f, " S {}{}{}", kind(k), sep(k), l(unit))
            }
            Action::SupportMove { kind: k, from, to } => {
                write!(f, " S {}{}{} - {}", kind(k), sep(k), l(from), l(to))
            }
            Action::Convoy { from, to } => write!(f, " C A {} - {}", l(from), l(to)),
        }
    }
}

/// A [`fmt::Display`] of a location in short notation (`Stp(sc)`).
pub fn format_location<'m>(map: &'m Map<'m>, location: Location) -> LocationDisplay<'m> {
    LocationDisplay { map, location }
}

/// A [`fmt::Display`] of `order` in short notation (`A Gas S A Mar - Bur`).
pub fn format_order<'m>(map: &'m Map<'m>, order: &Order) -> OrderDisplay<'m> {
    OrderDisplay { map, order: *order }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::adjudicate::standard::{self, *};
    use crate::adjudicate::{MapBuilder, ProvinceInfo, ProvinceKind};

    /// A province of a small test map: no supply centre, no home.
    fn province<'a>(name: &'a str, abbreviation: &'a str, kind: ProvinceKind) -> ProvinceInfo<'a> {
        ProvinceInfo {
            name,
            abbreviation,
            kind,
            supply_centre: false,
            home: None,
        }
    }

    #[test]
    fn prefix_matching_respects_words_and_spaces() {
        assert_eq!(match_prefix(b"north sea", b"North   Sea - x"), Some(11));
        assert_eq!(match_prefix(b"nth", b"Nth"), Some(3));
        assert_eq!(match_prefix(b"nth", b"Nthx"), None);
        assert_eq!(
            match_prefix(b"st. petersburg", b"St. Petersburg(sc)"),
            Some(14)
        );
        assert_eq!(match_prefix(b"north sea", b"North"), None);
        // The text ends within the spaces a name's space matches.
        assert_eq!(match_prefix(b"north sea", b"North  "), None);
        assert_eq!(parse_order(standard::standard(), "A North  ").ok(), None);
    }

    #[test]
    fn a_nationality_is_skipped_unless_a_province_name_starts_with_it() {
        let mut b = MapBuilder::new();
        b.power("Red");
        let red_sea = b.province(province("Red Sea", "Rse", ProvinceKind::Sea));
        b.province(province("Shore", "Sho", ProvinceKind::Coastal));
        let map = b.build().unwrap();
        for (text, kind) in [
            ("F Shore Supports Red Sea", None),
            ("F Shore Supports Red F Red Sea", Some(UnitKind::Fleet)),
        ] {
            assert_eq!(
                parse_order(&map, text).map(|order| order.action),
                Ok(Action::SupportHold {
                    kind,
                    unit: red_sea
                }),
                "{text}"
            );
        }
        // A province named exactly like a power: skipped as a nationality while a unit follows,
        // read as the province when nothing else would parse.
        let mut b = MapBuilder::new();
        b.power("Holland");
        let holland = b.province(province("Holland", "Hol", ProvinceKind::Coastal));
        let belgium = b.province(province("Belgium", "Bel", ProvinceKind::Coastal));
        let map = b.build().unwrap();
        for (text, action) in [
            (
                "A Belgium Supports Holland A Holland",
                Action::SupportHold {
                    kind: Some(UnitKind::Army),
                    unit: holland,
                },
            ),
            (
                "A Belgium Supports Holland",
                Action::SupportHold {
                    kind: None,
                    unit: holland,
                },
            ),
            (
                "A Belgium Supports Holland Hold",
                Action::SupportHold {
                    kind: None,
                    unit: holland,
                },
            ),
            (
                "F Belgium Convoys Holland - Belgium",
                Action::Convoy {
                    from: holland,
                    to: belgium,
                },
            ),
        ] {
            assert_eq!(
                parse_order(&map, text).map(|order| order.action),
                Ok(action),
                "{text}"
            );
        }
        // When neither reading parses, the error is the first reading's.
        assert_eq!(
            parse_order(&map, "A Belgium Supports Holland Nowhere"),
            Err(ParseError {
                kind: ParseErrorKind::UnknownLocation,
                at: 27
            })
        );
        // The same on the standard map, with "English".
        let map = standard::standard();
        let order = parse_order(map, "F London Supports English Channel").unwrap();
        assert_eq!(
            order.action,
            Action::SupportHold {
                kind: None,
                unit: ENG
            }
        );
        let order = parse_order(
            map,
            "F North Sea Supports English F London - English Channel",
        );
        assert_eq!(
            order.unwrap().action,
            Action::SupportMove {
                kind: Some(UnitKind::Fleet),
                from: LON,
                to: ENG
            }
        );
    }

    #[test]
    fn longest_name_wins() {
        let map = standard::standard();
        assert_eq!(match_name(map, b"North Sea"), Some((NTH, 9)));
        assert_eq!(
            match_name(map, b"North Atlantic Ocean - Iri"),
            Some((NAO, 20))
        );
        assert_eq!(match_name(map, b"North Africa"), Some((NAF, 12)));
        assert_eq!(match_name(map, b"Mid-Atlantic Ocean-Spa"), Some((MAO, 18)));
        assert_eq!(match_name(map, b"Mao-Spa"), Some((MAO, 3)));
        assert_eq!(match_name(map, b"Nowhere"), None);
        // A longer name wins over a shorter one met first.
        let mut b = MapBuilder::new();
        let short = b.province(province("Sea", "Sea", ProvinceKind::Sea));
        let long = b.province(province("Sea of Stars", "Sos", ProvinceKind::Sea));
        let map = b.build().unwrap();
        assert_eq!(match_name(&map, b"Sea of Stars - Sea"), Some((long, 12)));
        assert_eq!(match_name(&map, b"Sea - Sea of Stars"), Some((short, 3)));
    }

    #[test]
    fn coasts_in_every_spelling() {
        let map = standard::standard();
        for text in [
            "F Stp(sc) H",
            "F Stp (SC) H",
            "F Stp/sc H",
            "F Stp(south coast) H",
            "F Stp(south) H",
        ] {
            assert_eq!(
                parse_order(map, text).map(|o| o.location),
                Ok(STP_SC),
                "{text}"
            );
        }
        assert_eq!(
            parse_order(map, "F Stp/nc H").map(|o| o.location),
            Ok(STP_NC)
        );
        assert_eq!(
            parse_order(map, "F Bul(ec) H").map(|o| o.location),
            Ok(BUL_EC)
        );
    }

    #[test]
    fn a_west_coast_and_a_name_that_begins_like_a_unit() {
        let coastal = |name, abbreviation| province(name, abbreviation, ProvinceKind::Coastal);
        let mut b = MapBuilder::new();
        // "A Coruna": the leading "A" is read as a unit kind first, then as part of the name.
        let coruna = b.province(coastal("A Coruna", "Cor"));
        let fjord = b.province(coastal("Fjord", "Fjo"));
        let west = b.coast(fjord, Coast::West);
        b.army_border(coruna, fjord);
        let map = b.build().unwrap();
        for text in ["F Fjo(wc) H", "F Fjord/west H", "F Fjord (West Coast) H"] {
            assert_eq!(
                parse_order(&map, text).map(|o| o.location),
                Ok(west),
                "{text}"
            );
        }
        let order = parse_order(&map, "A Coruna - Fjord").unwrap();
        assert_eq!((order.kind, order.location), (None, coruna));
        let order = parse_order(&map, "A A Coruna - Fjord").unwrap();
        assert_eq!((order.kind, order.location), (Some(UnitKind::Army), coruna));
        assert_eq!(
            parse_order(&map, "A Nowhere H").map_err(|e| e.kind),
            Err(ParseErrorKind::UnknownLocation)
        );
    }

    #[test]
    fn errors_say_what_and_where() {
        let map = standard::standard();
        for (text, message) in [
            ("  ", "empty order at byte 0"),
            ("A Nowhere", "unknown location at byte 2"),
            ("F Stp(xx) H", "bad coast at byte 5"),
            (
                "A Par Dance",
                "expected hold, move, support or convoy at byte 6",
            ),
            ("F Nth C A Lon", "expected '- destination' at byte 13"),
            ("A Par H now", "unexpected text after the order at byte 8"),
        ] {
            let error = parse_order(map, text).unwrap_err();
            assert_eq!(alloc_free_display(&error), message, "{text}");
        }
    }

    /// `Display` into a fixed buffer (the crate has no `alloc`).
    fn alloc_free_display(error: &ParseError) -> heapless::String<64> {
        use core::fmt::Write;
        let mut out = heapless::String::new();
        write!(out, "{error}").unwrap();
        out
    }
}
