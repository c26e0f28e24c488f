//! Turn → notation, in the grammar's fixed order of parts. `parse(render(t))` gives `t` back (up to
//! `notation`, `line`, `no` and `comment`); alternate spellings come back in their stored form
//! (`SP`, `JU`).

use std::fmt::Write;

use super::model::{Dest, Piece, Turn, WecGame, WecResult};

fn level(out: &mut String, level: &str) {
    match level {
        "air" => out.push('^'),
        "sub" => out.push('v'),
        _ => {}
    }
}

fn loc(out: &mut String, at: [u8; 2]) {
    let _ = write!(out, "({},{})", at[0], at[1]);
}

fn articles(out: &mut String, arts: &[super::model::Code]) {
    if arts.is_empty() {
        return;
    }
    let _ = write!(out, "{}", arts.len());
    for a in arts {
        out.push_str(a);
    }
}

fn orient(out: &mut String, o: &Option<super::model::Code>) {
    if let Some(o) = o {
        out.push_str(o);
    }
}

fn piece(out: &mut String, p: &Piece) {
    out.push_str(&p.kind);
    level(out, &p.level);
    loc(out, p.at);
    articles(out, &p.articles);
    orient(out, &p.orient);
}

fn dest(out: &mut String, d: &Dest) {
    level(out, &d.level);
    loc(out, d.at);
}

fn result(out: &mut String, r: &WecResult) {
    out.push_str(&r.kind);
    if let Some(p) = &r.piece {
        out.push('*');
        piece(out, p);
        let _ = write!(out, "{}", r.stun.unwrap_or(0));
        out.push_str(r.color.as_deref().unwrap_or("B"));
    } else if let Some(at) = r.down_at {
        out.push('v');
        loc(out, at);
    } else {
        out.push_str("->");
        if let Some(at) = r.at {
            loc(out, at);
        }
        let o = r.offset.unwrap_or([0, 0]);
        let _ = write!(out, "({},{})", o[0], o[1]);
    }
}

/// The notation of one turn (without number or comment). A turn that could not be read renders as
/// its raw text; parts that could not be read are left out.
pub fn render(turn: &Turn) -> String {
    if turn.piece.kind.is_empty() {
        return turn.unparsed.concat();
    }
    let mut out = String::with_capacity(64);
    out.push_str("MV:");
    piece(&mut out, &turn.piece);
    out.push_str("->");
    dest(&mut out, &turn.to);
    if let Some(tr) = &turn.transport {
        out.push_str("-TRA->");
        piece(&mut out, &tr.piece);
        dest(&mut out, &tr.to);
        articles(&mut out, &tr.articles);
    }
    if let Some(dz) = &turn.dozer {
        out.push_str(",DO>");
        loc(&mut out, dz.toward);
        for (k, d) in dz.pieces.iter().enumerate() {
            if k > 0 {
                out.push(',');
            }
            out.push_str(&d.kind);
            loc(&mut out, d.at);
        }
    }
    for f in &turn.fires {
        let _ = write!(out, ",FI{}:{}/", f.slot, f.article);
        piece(&mut out, &f.from);
        if let Some(t) = &f.target {
            out.push_str("=>");
            piece(&mut out, t);
        } else if let Some(t) = &f.toward {
            out.push_str("->");
            loc(&mut out, t.at);
            orient(&mut out, &t.orient);
        }
    }
    if let Some(pu) = &turn.pickup {
        out.push_str(",PU:");
        piece(&mut out, &pu.piece);
        out.push('^');
        out.push_str(&pu.article);
    }
    if let Some(ex) = &turn.exchange {
        out.push_str(",EX:");
        piece(&mut out, &ex.from);
        out.push_str("->");
        out.push_str(&ex.article);
        match &ex.swap {
            Some(s) => {
                out.push_str("<=>");
                out.push_str(s);
                out.push_str("<-");
            }
            None => out.push_str("->"),
        }
        piece(&mut out, &ex.to);
    }
    if let Some(re) = &turn.reinforce {
        out.push_str(",RE:");
        loc(&mut out, re.at);
        out.push_str(&re.kind);
        orient(&mut out, &re.orient);
    }
    if let Some(dr) = &turn.drop {
        out.push_str(",DR:");
        piece(&mut out, &dr.piece);
        out.push('v');
        out.push_str(&dr.article);
    }
    for (k, r) in turn.results.iter().enumerate() {
        out.push_str(if k == 0 { ",RS:" } else { "," });
        result(&mut out, r);
    }
    for u in &turn.unparsed {
        out.push_str(u);
    }
    out
}

/// A whole body: one turn per line (with its number, `N.` for Black and `N...` for White, when
/// one was written) and comments in braces after their turn.
pub fn render_game(game: &WecGame) -> String {
    let mut out = String::new();
    if let Some(c) = &game.intro {
        let _ = writeln!(out, "{{{c}}}");
    }
    for t in &game.turns {
        if let Some(n) = t.no {
            let _ = write!(out, "{n}{} ", if t.color == "W" { "..." } else { "." });
        }
        out.push_str(&render(t));
        if let Some(c) = &t.comment {
            let _ = write!(out, " {{{c}}}");
        }
        out.push('\n');
    }
    out
}
