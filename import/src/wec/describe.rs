//! Plain-English descriptions of a turn, one sentence per part: "Black jet rises to the air at
//! (1,4)", "fires a rocket at the tank at (9,1)". Names come from `import/data/wec/*.csv`.

use super::codes::{article_name, piece_name, result_name};
use super::model::{Piece, Turn, color_name};

fn pname(kind: &str) -> &str {
    piece_name(kind).unwrap_or(kind)
}

fn aname(code: &str) -> &str {
    article_name(code).unwrap_or(code)
}

fn sq(at: [u8; 2]) -> String {
    format!("({},{})", at[0], at[1])
}

fn level_phrase(level: &str) -> &'static str {
    match level {
        "air" => "in the air",
        "sub" => "at sub level",
        _ => "on the ground",
    }
}

/// "the tank on the ground at (1,1) carrying flame" (the level is left out on the ground when
/// `brief`).
fn piece_phrase(p: &Piece) -> String {
    let mut s = format!("the {}", pname(&p.kind));
    if p.level != "ground" {
        s.push(' ');
        s.push_str(level_phrase(&p.level));
    }
    s.push_str(" at ");
    s.push_str(&sq(p.at));
    if !p.articles.is_empty() {
        let names: Vec<&str> = p.articles.iter().map(|a| aname(a)).collect();
        s.push_str(" carrying ");
        s.push_str(&names.join(", "));
    }
    s
}

fn path(o: &Option<super::model::Code>) -> &'static str {
    match o.as_deref() {
        Some("<") => " on a port (left) path",
        Some(">") => " on a starboard (right) path",
        _ => "",
    }
}

/// What firing an article does, as a verb phrase.
fn fire_verb(article: &str) -> &'static str {
    match article {
        "FL" => "fires a flame",
        "ST" => "fires a stun gun",
        "CS" => "fires a conversion",
        "RL" => "fires a rocket",
        "TL" => "fires a torpedo",
        "SL" => "fires a SAM",
        "BI" => "uses a bike",
        "SC" => "uses scuba",
        "JU" => "uses a jump pack",
        _ => "fires",
    }
}

/// One plain-English sentence per part of the turn.
pub fn describe(turn: &Turn) -> Vec<String> {
    let who = color_name(&turn.color);
    let mut out = Vec::new();
    if turn.piece.kind.is_empty() {
        out.push(format!(
            "{who}'s turn {} could not be read: {}",
            turn.ply,
            turn.unparsed.concat()
        ));
        return out;
    }
    let p = &turn.piece;
    let kind = pname(&p.kind);
    let (from_l, to_l) = (&*p.level, &*turn.to.level);
    let mv = if p.at == turn.to.at {
        match (from_l, to_l) {
            ("ground", "air") => format!("{who} {kind} rises to the air at {}", sq(p.at)),
            ("ground", "sub") => format!("{who} {kind} dives to sub level at {}", sq(p.at)),
            ("air", "ground") => format!("{who} {kind} lands at {}", sq(p.at)),
            ("sub", "ground") => format!("{who} {kind} surfaces at {}", sq(p.at)),
            (a, b) if a == b => format!("{who} {kind} stays at {} {}", sq(p.at), level_phrase(a)),
            (a, b) => format!(
                "{who} {kind} goes from {} to {} at {}",
                level_phrase(a),
                level_phrase(b),
                sq(p.at)
            ),
        }
    } else if from_l == to_l {
        let lv = if from_l == "ground" {
            String::new()
        } else {
            format!(" {}", level_phrase(from_l))
        };
        format!(
            "{who} {kind} moves from {} to {}{lv}",
            sq(p.at),
            sq(turn.to.at)
        )
    } else {
        format!(
            "{who} {kind} moves from {} {} to {} {}",
            sq(p.at),
            level_phrase(from_l),
            sq(turn.to.at),
            level_phrase(to_l)
        )
    };
    out.push(mv);
    if let Some(tr) = &turn.transport {
        let mut s = format!(
            "transports {} to {} {}",
            piece_phrase(&tr.piece),
            sq(tr.to.at),
            level_phrase(&tr.to.level)
        );
        if !tr.articles.is_empty() {
            let names: Vec<&str> = tr.articles.iter().map(|a| aname(a)).collect();
            s.push_str(" with ");
            s.push_str(&names.join(", "));
        }
        out.push(s);
    }
    if let Some(dz) = &turn.dozer {
        let pushed: Vec<String> = dz
            .pieces
            .iter()
            .map(|d| format!("the {} to {}", pname(&d.kind), sq(d.at)))
            .collect();
        out.push(format!(
            "dozes into {}, pushing {}",
            sq(dz.toward),
            pushed.join(", ")
        ));
    }
    for f in &turn.fires {
        let mut s = format!("{} from {}", fire_verb(&f.article), piece_phrase(&f.from));
        if let Some(t) = &f.target {
            s.push_str(" at ");
            s.push_str(&piece_phrase(t));
        } else if let Some(t) = &f.toward {
            s.push_str(" toward ");
            s.push_str(&sq(t.at));
            s.push_str(path(&t.orient));
        }
        out.push(s);
    }
    if let Some(pu) = &turn.pickup {
        out.push(format!(
            "{} picks up the {}",
            capital(&piece_phrase(&pu.piece)),
            aname(&pu.article)
        ));
    }
    if let Some(ex) = &turn.exchange {
        out.push(match &ex.swap {
            None => format!(
                "{} hands the {} to {}",
                capital(&piece_phrase(&ex.from)),
                aname(&ex.article),
                piece_phrase(&ex.to)
            ),
            Some(s) => format!(
                "{} swaps its {} for the {} of {}",
                capital(&piece_phrase(&ex.from)),
                aname(&ex.article),
                aname(s),
                piece_phrase(&ex.to)
            ),
        });
    }
    if let Some(re) = &turn.reinforce {
        out.push(format!(
            "{who} reinforces with a {} at {}{}",
            pname(&re.kind),
            sq(re.at),
            facing(&re.orient)
        ));
    }
    if let Some(dr) = &turn.drop {
        out.push(format!(
            "{} drops the {}",
            capital(&piece_phrase(&dr.piece)),
            aname(&dr.article)
        ));
    }
    for r in &turn.results {
        out.push(result_sentence(r));
    }
    out
}

fn facing(o: &Option<super::model::Code>) -> &'static str {
    match o.as_deref() {
        Some("<") => " facing left",
        Some(">") => " facing right",
        _ => "",
    }
}

fn capital(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}

fn result_sentence(r: &super::model::WecResult) -> String {
    let what = result_name(&r.kind)
        .map(str::to_string)
        .unwrap_or_else(|| pname(&r.kind).to_string());
    if let (Some(p), Some(c)) = (&r.piece, &r.color) {
        let victim = format!(
            "{} {}",
            color_name(c),
            piece_phrase(p).trim_start_matches("the ")
        );
        let stun = r.stun.unwrap_or(0);
        let turns = if stun == 1 { "turn" } else { "turns" };
        let new_side = color_name(if &**c == "B" { "W" } else { "B" });
        return match &*r.kind {
            "RK" | "TK" | "SK" | "CK" | "R" | "T" | "S" => format!("{what}: {victim} is destroyed"),
            "STK" => format!("{what}: {victim} is stunned for {stun} {turns}"),
            _ if stun > 0 => {
                format!("{victim} is converted to {new_side}'s side and stunned for {stun} {turns}")
            }
            _ => format!("{victim} is converted to {new_side}'s side"),
        };
    }
    if let Some(at) = r.down_at {
        return format!("{what} comes down at {}", sq(at));
    }
    let o = r.offset.unwrap_or([0, 0]);
    let heading = format!("heading ({},{})", o[0], o[1]);
    match (&*r.kind, r.at) {
        ("R" | "T" | "S", Some(at)) => format!("{what} in flight at {} {heading}", sq(at)),
        ("R" | "T" | "S", None) => format!("{what} in flight {heading}"),
        (_, Some(at)) => format!(
            "the {what} at {} is displaced by ({},{})",
            sq(at),
            o[0],
            o[1]
        ),
        (_, None) => format!("the {what} is displaced by ({},{})", o[0], o[1]),
    }
}
