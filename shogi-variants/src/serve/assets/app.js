// The web board. It knows no rules: the server sends the board, hands, legal moves (split by
// origin, lion midpoint and promotion), effects and the result; the page draws them and
// sends back the USI text of the move the player picked.
"use strict";

const ui = {
  variants: [],
  detail: null, // the variant's rule table and pieces
  game: null, // game id
  st: null, // the last state from the server
  sel: null, // {from} or {drop}, with {mid} after a lion's first step
  flipped: false,
  letters: false,
  engine: "white",
  movetime: 1000,
  busy: false,
  pending: null, // moves waiting for the promotion choice
};

const $ = (id) => document.getElementById(id);

async function api(method, path, body) {
  const opts = { method, headers: {} };
  if (body !== undefined) {
    opts.headers["Content-Type"] = "application/json";
    opts.body = JSON.stringify(body);
  }
  const r = await fetch(path, opts);
  let data = null;
  try {
    data = await r.json();
  } catch (e) {
    data = { error: `${r.status} ${r.statusText}` };
  }
  if (!r.ok) throw new Error(data && data.error ? data.error : `${r.status}`);
  return data;
}

function message(text) {
  $("message").textContent = text || "";
}

function setBusy(b) {
  ui.busy = b;
  document.body.dataset.busy = b ? "1" : "0";
}

// ---- glyphs -------------------------------------------------------------------------------

function pieceInfo(token) {
  const up = token.toUpperCase();
  return (ui.st ? ui.st.pieces : []).find((p) => p.sfen === up);
}

function isWhite(token) {
  return token !== token.toUpperCase();
}

function glyph(token) {
  const info = pieceInfo(token);
  if (!ui.letters && info && info.kanji) {
    // Custom: the king of the side moving second is written 王, the other 玉.
    return token === "k" && info.kanji === "玉" ? "王" : info.kanji;
  }
  return token.toUpperCase();
}

function pieceSpan(token, extraClass) {
  const s = document.createElement("span");
  const info = pieceInfo(token);
  s.className = "piece" + (extraClass ? " " + extraClass : "");
  if (isWhite(token) !== ui.flipped) s.classList.add("turned");
  if (info && info.promoted) s.classList.add("promoted");
  const g = glyph(token);
  if ([...g].length > 1) s.classList.add(ui.letters ? "plus" : "two");
  s.textContent = g;
  s.title = info ? `${info.name.replace(/_/g, " ")} (${token})` : token;
  return s;
}

// ---- drawing ------------------------------------------------------------------------------

function rows() {
  const r = ui.st.board.map((row) => (ui.flipped ? row.slice().reverse() : row));
  return ui.flipped ? r.slice().reverse() : r;
}

function targets() {
  const out = new Set();
  const sel = ui.sel;
  if (!sel) return out;
  for (const m of candidates()) {
    if (sel.mid) {
      if (m.mid === sel.mid) out.add(m.to);
      if (!m.mid && m.to === sel.mid) out.add(m.to);
    } else {
      out.add(m.mid || m.to);
    }
  }
  return out;
}

function candidates() {
  const sel = ui.sel;
  if (!sel || !ui.st) return [];
  if (sel.drop) return ui.st.legal.filter((m) => m.drop === sel.drop);
  return ui.st.legal.filter((m) => m.from === sel.from);
}

function effectsBySquare() {
  const map = new Map();
  const last = ui.st.last;
  if (!last) return map;
  for (const e of last.effects) {
    if (!map.has(e.square)) map.set(e.square, []);
    map.get(e.square).push(e);
  }
  return map;
}

function render() {
  const st = ui.st;
  if (!st) return;
  recordLinks();
  const board = $("board");
  const grid = rows();
  const files = st.files;
  const ranks = st.ranks;
  document.documentElement.style.setProperty("--files", files);
  document.documentElement.style.setProperty("--ranks", ranks);
  board.style.gridTemplateColumns = `repeat(${files}, 1fr)`;
  board.replaceChildren();
  const tg = targets();
  const lastSq = new Set(st.last ? st.last.squares : []);
  const fx = effectsBySquare();
  const frozen = new Set(st.paralysed);
  for (const row of grid) {
    for (const sq of row) {
      const d = document.createElement("div");
      d.className = "sq";
      d.dataset.square = sq.square;
      if (sq.piece) {
        d.dataset.piece = sq.piece;
        d.appendChild(pieceSpan(sq.piece));
      }
      if (lastSq.has(sq.square)) d.classList.add("last");
      if (tg.has(sq.square)) d.classList.add("target");
      if (ui.sel && (ui.sel.from === sq.square || ui.sel.mid === sq.square)) d.classList.add("selected");
      if (frozen.has(sq.square)) {
        d.classList.add("paralysed");
        d.title = "paralysed: this piece cannot move";
      }
      for (const e of fx.get(sq.square) || []) {
        d.classList.add("fx-" + e.kind);
        if (e.kind === "vanish" || e.kind === "remove") {
          const ghost = pieceSpan(e.piece, "ghost");
          d.appendChild(ghost);
        }
      }
      d.addEventListener("click", () => clickSquare(sq.square));
      board.appendChild(d);
    }
  }
  // Coordinates from the square names of the first row and column (never assumed).
  const fileLabels = grid[0].map((s) => s.square.slice(0, -1));
  const rankLabels = grid.map((r) => r[0].square.slice(-1));
  $("files").style.gridTemplateColumns = `repeat(${files}, 1fr)`;
  $("files").replaceChildren(...fileLabels.map(label));
  $("ranks").style.gridTemplateRows = `repeat(${ranks}, 1fr)`;
  $("ranks").replaceChildren(...rankLabels.map(label));

  const top = ui.flipped ? "b" : "w";
  const bottom = ui.flipped ? "w" : "b";
  drawHand($("hand-top"), top);
  drawHand($("hand-bottom"), bottom);

  $("sfen").textContent = st.sfen;
  $("status").textContent = st.status;
  $("title").textContent = `${st.variant}: ${st.title}`;
  const side = st.side_to_move === "b" ? "Black (sente)" : "White (gote)";
  const who = engineColour() === st.side_to_move ? "engine" : "you";
  $("turn").textContent =
    st.status === "ongoing"
      ? `Move ${st.move_number}: ${side} [${who}] to move${st.in_check ? " (in check)" : ""}` +
        (ui.busy && who === "engine" ? " - the engine is thinking..." : "")
      : "Game over";
  const e = st.engine;
  $("engine-info").textContent = e
    ? `Engine: ${e.move || "resigns"}, score ${e.score} (for the engine), depth ${e.depth}, ` +
      `${e.nodes} nodes, ${e.time_ms} ms; PV ${e.pv.join(" ")}`
    : "";
  $("effects").textContent = st.last && st.last.effects.length
    ? "Effects: " + st.last.effects.map(effectText).join("; ")
    : "";
  const list = $("moves");
  list.replaceChildren(
    ...st.moves.map((m, i) => {
      const li = document.createElement("li");
      li.textContent = m;
      if (i === st.moves.length - 1) li.className = "last";
      return li;
    }),
  );
  $("undo").disabled = st.moves.length === 0;
}

function label(text) {
  const s = document.createElement("span");
  s.textContent = text;
  return s;
}

function effectText(e) {
  switch (e.kind) {
    case "flip":
      return `${e.square} ${e.before} flipped to ${e.after}`;
    case "change":
      return `${e.square} ${e.before} became ${e.after}`;
    case "appear":
      return `${e.piece} appeared on ${e.square}`;
    case "remove":
      return `${e.piece} removed from ${e.square}`;
    case "vanish":
      return `captured ${e.piece} on ${e.square} vanished`;
    default:
      return `${e.kind} ${e.square}`;
  }
}

function drawHand(el, colour) {
  const hand = ui.st.hands[colour];
  el.replaceChildren();
  const name = document.createElement("span");
  name.className = "hand-name";
  name.textContent = colour === "b" ? "☗ Black" : "☖ White";
  el.appendChild(name);
  if (hand.length === 0) {
    const none = document.createElement("span");
    none.className = "empty";
    none.textContent = "-";
    el.appendChild(none);
  }
  for (const h of hand) {
    const b = document.createElement("button");
    b.type = "button";
    b.className = "hand-piece";
    b.dataset.hand = `${colour}:${h.piece}`;
    const token = colour === "b" ? h.piece : h.piece.toLowerCase();
    b.appendChild(pieceSpan(token));
    if (h.count > 1) {
      const c = document.createElement("sub");
      c.textContent = h.count;
      b.appendChild(c);
    }
    if (ui.sel && ui.sel.drop === h.piece && colour === ui.st.side_to_move) b.classList.add("selected");
    b.addEventListener("click", () => clickHand(colour, h.piece));
    el.appendChild(b);
  }
}

// ---- input ----------------------------------------------------------------------------------

function humanToMove() {
  const st = ui.st;
  return st && st.status === "ongoing" && !ui.busy && engineColour() !== st.side_to_move;
}

function engineColour() {
  return ui.engine === "black" ? "b" : ui.engine === "white" ? "w" : null;
}

function clickSquare(square) {
  if (!humanToMove()) return;
  hidePromotion();
  const sel = ui.sel;
  if (sel && targets().has(square)) {
    const cands = candidates();
    if (sel.drop) return choose(cands.filter((m) => m.to === square));
    if (!sel.mid) {
      const doubles = cands.filter((m) => m.mid === square);
      const singles = cands.filter((m) => !m.mid && m.to === square);
      if (doubles.length === 0) return choose(singles);
      // A lion's first step: the second step (or stopping here) comes next.
      ui.sel = { from: sel.from, mid: square };
      return render();
    }
    if (square === sel.mid) {
      const singles = cands.filter((m) => !m.mid && m.to === square);
      if (singles.length) return choose(singles);
    }
    return choose(cands.filter((m) => m.mid === sel.mid && m.to === square));
  }
  if (sel && sel.from === square) {
    ui.sel = null;
    return render();
  }
  const own = ui.st.legal.some((m) => m.from === square);
  ui.sel = own ? { from: square } : null;
  render();
}

function clickHand(colour, piece) {
  if (!humanToMove() || colour !== ui.st.side_to_move) return;
  hidePromotion();
  const same = ui.sel && ui.sel.drop === piece;
  const can = ui.st.legal.some((m) => m.drop === piece);
  ui.sel = !same && can ? { drop: piece } : null;
  render();
}

// `moves` share origin, path and destination; they differ at most in promotion.
function choose(moves) {
  if (moves.length === 0) return;
  const yes = moves.find((m) => m.promote);
  const no = moves.find((m) => !m.promote);
  if (yes && no) return askPromotion(yes, no);
  play(moves[0].usi);
}

function askPromotion(yes, no) {
  ui.pending = { yes, no };
  const from = yes.from;
  const piece = ui.st.board.flat().find((s) => s.square === from).piece;
  const info = pieceInfo(piece);
  const promotedToken = promotedOf(piece);
  $("promote-yes").replaceChildren(pieceSpan(promotedToken || piece), label(" promote"));
  $("promote-no").replaceChildren(pieceSpan(piece), label(" keep"));
  $("promote-yes").title = yes.usi;
  $("promote-no").title = no.usi + (info ? ` (${info.name})` : "");
  $("promotion").hidden = false;
}

// The promoted form's token, as the rule table names it.
function promotedOf(token) {
  const info = pieceInfo(token);
  if (!info || !info.promotes_to) return null;
  return isWhite(token) ? info.promotes_to.toLowerCase() : info.promotes_to;
}

function hidePromotion() {
  ui.pending = null;
  $("promotion").hidden = true;
}

// ---- actions --------------------------------------------------------------------------------

async function play(usi) {
  hidePromotion();
  ui.sel = null;
  setBusy(true);
  try {
    const r = await api("POST", `/api/games/${ui.game}/move`, { move: usi });
    ui.st = r;
    message("");
  } catch (e) {
    message(e.message);
  }
  setBusy(false);
  render();
  engineTurn();
}

async function engineTurn() {
  const st = ui.st;
  if (!st || st.status !== "ongoing" || engineColour() !== st.side_to_move || ui.busy) return;
  setBusy(true);
  render();
  try {
    ui.st = await api("POST", `/api/games/${ui.game}/engine`, { movetime_ms: ui.movetime });
  } catch (e) {
    message(e.message);
  }
  setBusy(false);
  render();
}

async function newGame(sfen) {
  const variant = $("variant").value || "shogi";
  ui.engine = $("engine-side").value;
  const t = parseInt($("movetime").value, 10);
  ui.movetime = Number.isFinite(t) && t > 0 ? Math.min(t, 60000) : 1000;
  ui.sel = null;
  hidePromotion();
  const body = { variant };
  if (sfen) body.sfen = sfen;
  setBusy(true);
  try {
    if (ui.game) api("DELETE", `/api/games/${ui.game}`).catch(() => {});
    const r = await api("POST", "/api/games", body);
    ui.game = r.game;
    ui.st = r;
    message("");
    if (!ui.detail || ui.detail.id !== variant) {
      ui.detail = await api("GET", `/api/variants/${encodeURIComponent(variant)}`);
      $("rules-text").textContent = `${ui.detail.setup}\nstart: ${ui.detail.start_sfen}\n\n${ui.detail.rules}`;
    }
    const q = new URLSearchParams(location.search);
    q.set("variant", variant);
    q.set("engine", ui.engine);
    history.replaceState(null, "", `?${q}`);
  } catch (e) {
    message(e.message);
  }
  setBusy(false);
  render();
  engineTurn();
}

// Takes back the moves after (and including) the player's last one; one move without engine.
async function undo() {
  const st = ui.st;
  if (!st || ui.busy || st.moves.length === 0) return;
  const engine = engineColour();
  let plies = 1;
  if (engine) {
    const startSide = st.start_sfen.split(" ")[1] === "w" ? "w" : "b";
    const mover = (i) => ((i % 2 === 0) === (startSide === "b") ? "b" : "w");
    let i = st.moves.length - 1;
    while (i >= 0 && mover(i) === engine) i--;
    if (i < 0) return message("Nothing to undo: you have not moved yet.");
    plies = st.moves.length - i;
  }
  ui.sel = null;
  hidePromotion();
  setBusy(true);
  try {
    ui.st = await api("POST", `/api/games/${ui.game}/undo`, { plies });
    message("");
  } catch (e) {
    message(e.message);
  }
  setBusy(false);
  render();
}

async function copy(text, what) {
  try {
    await navigator.clipboard.writeText(text);
    message(`${what} copied.`);
  } catch (e) {
    // No clipboard (an insecure origin): select the text so it can be copied by hand.
    const t = document.createElement("textarea");
    t.value = text;
    document.body.appendChild(t);
    t.select();
    const ok = document.execCommand && document.execCommand("copy");
    t.remove();
    message(ok ? `${what} copied.` : `${what}: ${text}`);
  }
}

function moveListText() {
  const st = ui.st;
  const start = st.start_sfen === startOfVariant() ? "startpos" : `sfen ${st.start_sfen}`;
  return `position ${start}${st.moves.length ? " moves " + st.moves.join(" ") : ""}`;
}

// The record links point at the server, which writes the file; only the game id changes.
function recordLinks() {
  for (const f of ["kif", "ki2", "csa"]) {
    const a = $(`save-${f}`);
    if (ui.game) a.href = `/api/games/${ui.game}/record?format=${f}`;
  }
  // CSA describes standard shogi only (the server says so when asked for another); KIF and
  // KI2 are written for every variant.
  const standard = ui.st && ui.st.variant === "shogi";
  $("save-csa").hidden = !standard;
}

// Shows the server's analysis of the game: a row per move as `analyse` prints it.
async function analyseGame() {
  if (!ui.game || ui.busy) return;
  const t = parseInt($("analyse-time").value, 10);
  const movetime = Number.isFinite(t) && t > 0 ? Math.min(t, 60000) : 200;
  setBusy(true);
  $("analysis-status").textContent = "analysing…";
  try {
    const r = await api("POST", `/api/games/${ui.game}/analyse`, { movetime_ms: movetime });
    const body = $("analysis").querySelector("tbody");
    body.textContent = "";
    for (const row of r.rows) {
      const tr = document.createElement("tr");
      tr.dataset.ply = String(row.ply);
      if (row.mark) tr.className = "mark";
      const cells = [
        row.ply,
        `${row.by === "b" ? "☗" : "☖"}${row.played}`,
        row.played_score,
        row.best || "",
        row.best_score,
        row.mark,
        row.pv.join(" "),
      ];
      for (const c of cells) {
        const td = document.createElement("td");
        td.textContent = String(c);
        tr.appendChild(td);
      }
      body.appendChild(tr);
    }
    $("analysis").hidden = false;
    const link = $("save-analysis");
    link.href = URL.createObjectURL(new Blob([r.kif], { type: "text/plain" }));
    link.hidden = false;
    $("analysis-status").textContent = `${r.rows.length} moves analysed`;
  } catch (e) {
    $("analysis-status").textContent = "";
    message(e.message);
  }
  setBusy(false);
}

function startOfVariant() {
  return ui.detail ? ui.detail.start_sfen : null;
}

async function init() {
  const q = new URLSearchParams(location.search);
  try {
    ui.variants = (await api("GET", "/api/variants")).variants;
  } catch (e) {
    message(e.message);
    return;
  }
  const sel = $("variant");
  for (const v of ui.variants) {
    const o = document.createElement("option");
    o.value = v.id;
    o.textContent = `${v.id} - ${v.title} (${v.files}×${v.ranks})`;
    sel.appendChild(o);
  }
  const want = q.get("variant") || "shogi";
  if (!ui.variants.some((v) => v.id === want)) message(`unknown variant '${want}'; showing shogi`);
  sel.value = ui.variants.some((v) => v.id === want) ? want : "shogi";
  const engine = q.get("engine");
  if (["black", "white", "none"].includes(engine)) $("engine-side").value = engine;
  const mt = q.get("movetime");
  if (mt) $("movetime").value = mt;
  ui.flipped = q.get("flip") === "1";
  $("undo").addEventListener("click", undo);
  $("flip").addEventListener("click", () => {
    ui.flipped = !ui.flipped;
    render();
  });
  $("glyphs").addEventListener("click", () => {
    ui.letters = !ui.letters;
    $("glyphs").textContent = ui.letters ? "Kanji" : "Letters";
    render();
  });
  $("new-game").addEventListener("click", () => newGame());
  $("setup").addEventListener("click", () => {
    const s = $("sfen-input").value.trim();
    if (s) newGame(s);
  });
  $("copy-sfen").addEventListener("click", () => copy(ui.st.sfen, "SFEN"));
  $("copy-moves").addEventListener("click", () => copy(moveListText(), "Move list"));
  $("analyse").addEventListener("click", analyseGame);
  $("promote-yes").addEventListener("click", () => ui.pending && play(ui.pending.yes.usi));
  $("promote-no").addEventListener("click", () => ui.pending && play(ui.pending.no.usi));
  await newGame(q.get("sfen") || undefined);
}

document.addEventListener("DOMContentLoaded", init);
