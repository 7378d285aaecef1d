// The page of `draughts serve`: it keeps the game (variant, start FEN, moves) and asks
// the server for everything else. Three modes share the board: play (and analyse), review
// a game, solve puzzles.
"use strict";

const SVG = "http://www.w3.org/2000/svg";
const $ = (id) => document.getElementById(id);
const game = { variant: "international", fen: null, moves: [], redo: [] };
// The clock: milliseconds each ply of `game.moves` took (`times`) and each of
// `game.redo` (`redoTimes`), counted only while the engine plays a side; the engine's
// own are the server's figures.
// `last` is the engine's last move: milliseconds `used` of the `time` it was given.
const clock = { times: [], redoTimes: [], turnStart: performance.now(), last: null };
let board = null; // the server's view of the game
let flipped = false;
let prefix = []; // squares clicked so far of the move being made
let drag = null; // a piece being dragged: { origin, trail, x, y, moved }
let analysis = null; // the EventSource of a running analysis
let pv = []; // the principal variation shown as arrows
let egdbVariants = [];
let busy = false; // an engine move is on its way
const squareAt = new Map(); // row * side + col -> square number
let mode = "play";
let playGame = null; // the game of play mode, kept while another mode uses the board
let marks = []; // arrows of the review or the puzzle: { path, kind }
let shown = 0; // the latest position asked for: an older answer is not drawn
const review = { data: null, ply: 0, running: null }; // `running`: an AbortController
const puzzle = { list: [], remote: false, index: 0, current: null, step: 0, state: "none" };

async function call(method, path, body) {
  const options = { method, headers: {} };
  if (body !== undefined) {
    options.headers["Content-Type"] = "application/json";
    options.body = JSON.stringify(body);
  }
  const response = await fetch(path, options);
  const data = await response.json();
  if (!response.ok) throw new Error(data.message || response.statusText);
  return data;
}

function request() {
  const r = { variant: game.variant, moves: game.moves };
  if (game.fen) r.fen = game.fen;
  return r;
}

function showError(error) {
  $("error").textContent = error ? String(error.message || error) : "";
}

async function refresh() {
  prefix = [];
  const asked = ++shown;
  try {
    const view = await call("POST", "/api/position", request());
    if (asked === shown) setBoard(view);
  } catch (error) {
    showError(error);
  }
}

// Shows a position of the review or the puzzle: `moves` played from `fen`.
async function showGame(variant, fen, moves) {
  game.variant = variant;
  game.fen = fen;
  game.moves = moves;
  game.redo = [];
  await refresh();
}

function setBoard(view) {
  board = view;
  clock.times.length = Math.min(clock.times.length, view.history.length);
  while (clock.times.length < view.history.length) clock.times.push(0);
  clock.turnStart = performance.now();
  squareAt.clear();
  for (const square of view.squares) squareAt.set(square.row * view.side + square.col, square.number);
  game.variant = view.variant;
  game.fen = view.start_fen;
  game.moves = view.history.slice();
  $("variant").value = view.variant;
  $("fen").value = view.fen;
  pv = [];
  marks = [];
  showError(null);
  draw();
  showHistory();
  $("status").textContent = view.over ? view.status : `${view.turn} to move`;
  showClock();
  probe();
  if (analysis && mode === "play") startAnalysis();
  maybeEngineMove();
}

function place(number) {
  const square = board.squares[number - 1];
  const side = board.side;
  const row = flipped ? side - 1 - square.row : square.row;
  const col = flipped ? side - 1 - square.col : square.col;
  return [col * 10 + 5, row * 10 + 5];
}

function el(name, attributes, parent) {
  const node = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, value);
  if (parent) parent.appendChild(node);
  return node;
}

// The legal moves whose path starts with the squares clicked so far.
function candidates() {
  return board.moves.filter((m) => prefix.every((s, i) => m.path[i] === s));
}

function draw() {
  const svg = $("board");
  const size = board.side * 10;
  svg.setAttribute("viewBox", `0 0 ${size} ${size}`);
  svg.replaceChildren();
  const defs = el("defs", {}, svg);
  const heads = [["head", "#1f5fbf"], ["head-reply", "#bf5f1f"], ["head-red", "#b3261e"], ["head-green", "#17702a"]];
  for (const [id, color] of heads) {
    const marker = el("marker", { id, markerWidth: 4, markerHeight: 4, refX: 2.5, refY: 2, orient: "auto" }, defs);
    el("path", { d: "M0,0 L4,2 L0,4 z", fill: color }, marker);
  }
  for (let row = 0; row < board.side; row++) {
    for (let col = 0; col < board.side; col++) {
      if (!squareAt.has(row * board.side + col)) el("rect", { x: col * 10, y: row * 10, width: 10, height: 10, class: "light" }, svg);
    }
  }
  const moving = candidates();
  const next = new Set(prefix.length ? moving.map((m) => m.path[prefix.length]) : []);
  // A dragged piece may be dropped on the end of any of its moves.
  if (drag) for (const m of moving) next.add(m.path[m.path.length - 1]);
  const starts = new Set(board.moves.map((m) => m.path[0]));
  const last = board.last ? board.last.path : [];
  const taken = new Set(moving.flatMap((m) => victims(m, prefix.length - 1)));
  for (const square of board.squares) {
    const [x, y] = place(square.number);
    let kind = "dark";
    if (prefix.length && square.number === prefix[prefix.length - 1]) kind = "selected";
    else if (next.has(square.number)) kind = "target";
    else if (last.includes(square.number)) kind = "last";
    const g = el("g", { class: "square", "data-square": square.number }, svg);
    el("rect", { x: x - 5, y: y - 5, width: 10, height: 10, class: kind }, g);
    if (square.piece) {
      const color = square.piece.toLowerCase() === "w" ? "white" : "black";
      const king = square.piece === square.piece.toUpperCase();
      const lifted = drag && drag.moved && drag.origin === square.number ? " lifted" : "";
      el("circle", { cx: x, cy: y, r: 3.6, class: `piece ${color}${king ? " king" : ""}${lifted}`, "data-square": square.number }, g);
      if (king) el("circle", { cx: x, cy: y, r: 2.1, class: `crown${lifted}` }, g);
    }
    if (taken.has(square.number)) el("circle", { cx: x, cy: y, r: 4.4, class: "taken" }, g);
    el("text", { x: x - 4.7, y: y - 3, class: "number" }, g).textContent = square.label;
    if (!prefix.length && starts.has(square.number) && movable()) g.classList.add("movable");
  }
  // The reply under the best move.
  if (pv[1]) arrow(svg, pv[1], "head-reply", "arrow reply");
  if (pv[0]) arrow(svg, pv[0], "head", "arrow");
  for (const mark of marks) arrow(svg, mark, mark.head, `arrow ${mark.kind}`);
  if (drag && drag.moved) drawGhost(svg);
}

// The dragged piece, under the pointer.
function drawGhost(svg) {
  const square = board.squares[drag.origin - 1];
  const color = square.piece.toLowerCase() === "w" ? "white" : "black";
  const king = square.piece === square.piece.toUpperCase();
  const ghost = el("g", { id: "ghost", class: "ghost" }, svg);
  el("circle", { cx: 0, cy: 0, r: 3.8, class: `piece ${color}` }, ghost);
  if (king) el("circle", { cx: 0, cy: 0, r: 2.2, class: "crown" }, ghost);
  ghost.setAttribute("transform", `translate(${drag.x} ${drag.y})`);
}

function arrow(svg, move, head, kind) {
  const points = move.path.map(place).map(([x, y]) => `${x},${y}`).join(" ");
  el("polyline", { points, class: kind, fill: "none", "marker-end": `url(#${head})` }, svg);
}

// Whether the person may move on the board: always in play mode, while solving in
// puzzle mode, never in review mode.
function movable() {
  return board && !board.over && !busy && (mode === "play" || (mode === "puzzles" && puzzle.state === "solving"));
}

function click(number) {
  if (!movable()) return;
  const moving = candidates();
  const ending = prefix.length ? moving.filter((m) => m.path[m.path.length - 1] === number) : [];
  if (ending.length === 1) return play(ending[0].text);
  if (prefix.length && moving.some((m) => m.path[prefix.length] === number)) {
    // One more landing square of a capture.
    prefix.push(number);
    const left = candidates();
    if (left.length === 1) return play(left[0].text);
  } else {
    prefix = board.moves.some((m) => m.path[0] === number) ? [number] : [];
  }
  draw();
}

// The board coordinates (0 to side * 10) of a pointer event.
function pointAt(event) {
  const box = $("board").getBoundingClientRect();
  const size = board.side * 10;
  return [((event.clientX - box.left) / box.width) * size, ((event.clientY - box.top) / box.height) * size];
}

// The playing square under a point, or null.
function squareUnder([x, y]) {
  let col = Math.floor(x / 10);
  let row = Math.floor(y / 10);
  if (col < 0 || row < 0 || col >= board.side || row >= board.side) return null;
  if (flipped) [row, col] = [board.side - 1 - row, board.side - 1 - col];
  return squareAt.get(row * board.side + col) ?? null;
}

// A press on a piece that can move picks it up (and selects it, as a click does); any
// other press is a click.
function pointerDown(event) {
  if (!movable() || event.button > 0) return;
  const number = squareUnder(pointAt(event));
  if (number === null) return;
  const continues = prefix.length && candidates().some((m) => m.path.slice(prefix.length).includes(number));
  if (continues || !board.moves.some((m) => m.path[0] === number)) return click(number);
  event.preventDefault();
  $("board").setPointerCapture(event.pointerId);
  const [x, y] = pointAt(event);
  drag = { origin: number, trail: [number], x, y, moved: false };
  prefix = [number];
  draw();
}

function pointerMove(event) {
  if (!drag) return;
  const point = pointAt(event);
  [drag.x, drag.y] = point;
  const number = squareUnder(point);
  if (number !== null && number !== drag.trail[drag.trail.length - 1]) drag.trail.push(number);
  if (!drag.moved) {
    drag.moved = number !== drag.origin;
    if (drag.moved) return draw();
  }
  const ghost = $("ghost");
  if (ghost) ghost.setAttribute("transform", `translate(${drag.x} ${drag.y})`);
}

// Dropping on the end of a move plays it; where several captures end there, the one
// whose landing squares the pointer passed over (so a capture that comes back to its
// start is made by dragging round it). A drop anywhere else keeps the piece selected,
// so a click can finish the move.
function pointerUp(event) {
  if (!drag) return;
  const { origin, trail, moved } = drag;
  drag = null;
  const number = event.type === "pointerup" ? squareUnder(pointAt(event)) : null;
  let ending = board.moves.filter((m) => m.path[0] === origin && m.path[m.path.length - 1] === number);
  // Back on its square, a piece was put down, unless it went round a capture.
  if (number === origin) ending = moved ? ending.filter((m) => m.path.length > 2 && passedOver(m.path, trail)) : [];
  else if (ending.length > 1) ending = ending.filter((m) => passedOver(m.path, trail));
  if (ending.length === 1) return play(ending[0].text);
  prefix = [origin];
  draw();
}

// Whether `trail` visits the squares of `path` in order.
function passedOver(path, trail) {
  let at = 0;
  for (const square of trail) if (square === path[at]) at++;
  return at === path.length;
}

// The pieces a move takes on its first `jumps` jumps, in order: on each leg of its
// path, the square between the two ends that holds a captured piece.
function victims(move, jumps) {
  const out = [];
  for (let i = 0; i < jumps && i + 1 < move.path.length; i++) {
    const a = board.squares[move.path[i] - 1];
    const b = board.squares[move.path[i + 1] - 1];
    const dr = Math.sign(b.row - a.row);
    const dc = Math.sign(b.col - a.col);
    for (let r = a.row + dr, c = a.col + dc; r !== b.row || c !== b.col; r += dr, c += dc) {
      const number = squareAt.get(r * board.side + c);
      if (move.captured.includes(number)) out.push(number);
    }
  }
  return out;
}

function play(text) {
  if (mode === "puzzles") return puzzleMove(text);
  game.moves.push(text);
  game.redo = [];
  clock.times.push(engineOn() ? performance.now() - clock.turnStart : 0);
  clock.redoTimes = [];
  refresh();
}

function engineOn() {
  return $("engine-side").value !== "off";
}

// Milliseconds as m:ss.s.
function clockText(ms) {
  const tenths = Math.floor(ms / 100);
  const seconds = Math.floor(tenths / 10) % 60;
  return `${Math.floor(tenths / 600)}:${String(seconds).padStart(2, "0")}.${tenths % 10}`;
}

// Each side's time so far, the side to move's running, while the engine plays.
function showClock() {
  const box = $("clock-box");
  box.hidden = !engineOn() || !board;
  if (box.hidden) return;
  const n = board.history.length;
  const other = board.turn === "white" ? "black" : "white";
  const used = { white: 0, black: 0 };
  clock.times.forEach((ms, i) => (used[(n - i) % 2 === 0 ? board.turn : other] += ms));
  const running = !board.over;
  if (running) used[board.turn] += performance.now() - clock.turnStart;
  for (const side of ["white", "black"]) {
    const cell = $(`clock-${side}`);
    cell.textContent = clockText(used[side]);
    cell.classList.toggle("running", running && side === board.turn);
  }
  const last = clock.last;
  $("clock-engine").textContent = last ? `${(last.used / 1000).toFixed(2)} s of ${last.time} s` : `${Number($("move-time").value) || 1} s a move`;
}

// One line per move number, numbered as PDN export numbers them (`1. 32-28 19-23`;
// `1... 19-23` when the second mover starts).
function showHistory() {
  const list = $("history");
  list.replaceChildren();
  let item = null;
  board.history.forEach((text, i) => {
    const number = board.numbers[i];
    if (number || !item) {
      item = document.createElement("li");
      list.appendChild(item);
      if (number) item.append(number);
    }
    const move = document.createElement("span");
    move.textContent = text;
    if (i === board.history.length - 1) move.className = "current";
    if (item.childNodes.length > 0) item.append(" ");
    item.appendChild(move);
  });
}

async function probe() {
  const box = $("egdb-box");
  box.hidden = !egdbVariants.includes(game.variant);
  if (box.hidden || board.over) return;
  try {
    const { verdicts } = await call("POST", "/api/probe", request());
    const list = $("verdicts");
    list.replaceChildren();
    for (const v of verdicts) {
      const item = document.createElement("li");
      item.textContent = `${v.move}: ${v.result}`;
      item.className = v.result;
      list.appendChild(item);
    }
  } catch (error) {
    showError(error);
  }
}

async function maybeEngineMove(force) {
  const side = $("engine-side").value;
  if (mode !== "play" || !board || board.over || busy || (!force && side !== board.turn)) return;
  busy = true;
  try {
    const time = Number($("move-time").value) || 1;
    const answer = await call("POST", "/api/play", { game: request(), time });
    busy = false;
    clock.times.push(engineOn() ? answer.time_ms : 0);
    clock.redoTimes = [];
    clock.last = { used: answer.time_ms, time };
    $("score").textContent = `${answer.score} (${answer.move.text})`;
    $("depth").textContent = answer.book ? "book" : answer.depth;
    setBoard(answer.board);
  } catch (error) {
    busy = false;
    showError(error);
  }
}

function stopAnalysis() {
  if (analysis) analysis.close();
  analysis = null;
  $("analyse").textContent = "Analyse";
}

// What the `--tactics` templates did in this analysis; hidden when the server has none
// for the variant.
function showTactics(tactics) {
  for (const cell of document.querySelectorAll(".tactics")) cell.hidden = !tactics;
  if (!tactics) return;
  const of = tactics.asked < tactics.templates ? ` of ${tactics.templates}` : "";
  $("tactics").textContent = `${tactics.asked}${of} asked at ${tactics.lookups} positions, ${tactics.verified} verified, ${tactics.accepted} combinations found`;
}

function startAnalysis() {
  if (analysis) analysis.close();
  $("analyse").textContent = "Stop";
  if (board.over) return;
  const query = new URLSearchParams({ variant: game.variant, moves: game.moves.join(" "), time: $("analyse-time").value || "10" });
  if (game.fen) query.set("fen", game.fen);
  const source = new EventSource(`/api/analyse?${query}`);
  analysis = source;
  source.addEventListener("info", (event) => {
    const info = JSON.parse(event.data);
    $("score").textContent = info.score;
    $("depth").textContent = info.book ? "book" : info.depth;
    $("nps").textContent = `${Math.round(info.nps / 1000)} k (${info.nodes} nodes)`;
    $("pv").textContent = info.pv.map((m) => m.text).join(" ");
    pv = info.pv;
    prefix = [];
    showTactics(info.tactics);
    draw();
  });
  source.addEventListener("done", (event) => {
    showTactics(JSON.parse(event.data).tactics);
    source.close();
  });
  source.addEventListener("error", (event) => {
    if (event.data) showError(event.data);
    source.close();
  });
}

function setup() {
  const svg = $("board");
  svg.addEventListener("pointerdown", pointerDown);
  svg.addEventListener("pointermove", pointerMove);
  svg.addEventListener("pointerup", pointerUp);
  svg.addEventListener("pointercancel", pointerUp);
  $("new").onclick = () => {
    game.fen = null;
    game.moves = [];
    game.redo = [];
    resetClock();
    refresh();
  };
  $("variant").onchange = () => {
    game.variant = $("variant").value;
    game.fen = null;
    game.moves = [];
    game.redo = [];
    resetClock();
    refresh();
  };
  $("undo").onclick = () => {
    // Back to a position where the person moves: two plies when the engine replied.
    const engine = $("engine-side").value;
    const back = board && engine === board.turn ? 1 : engine !== "off" ? 2 : 1;
    for (let i = 0; i < back && game.moves.length; i++) {
      game.redo.push(game.moves.pop());
      clock.redoTimes.push(clock.times.pop() ?? 0);
    }
    refresh();
  };
  $("redo").onclick = () => {
    if (game.redo.length) {
      game.moves.push(game.redo.pop());
      clock.times.push(clock.redoTimes.pop() ?? 0);
    }
    refresh();
  };
  $("flip").onclick = () => {
    flipped = !flipped;
    if (board) draw();
  };
  $("engine-side").onchange = () => {
    clock.turnStart = performance.now();
    showClock();
    maybeEngineMove();
  };
  setInterval(showClock, 100);
  $("engine-move").onclick = () => maybeEngineMove(true);
  $("analyse").onclick = () => (analysis ? stopAnalysis() : startAnalysis());
  $("load-fen").onclick = () => {
    game.fen = $("fen").value.trim();
    game.moves = [];
    game.redo = [];
    resetClock();
    refresh();
  };
  $("export-pdn").onclick = async () => {
    try {
      $("pdn").value = (await call("POST", "/api/pdn", request())).pdn;
    } catch (error) {
      showError(error);
    }
  };
  for (const button of document.querySelectorAll("#modes button")) button.onclick = () => setMode(button.dataset.mode);
  $("review-start").onclick = startReview;
  $("review-file").onchange = async () => {
    const file = $("review-file").files[0];
    if (file) $("review-pdn").value = await file.text();
  };
  $("review-current").onclick = async () => {
    const played = playGame || game;
    const r = { variant: played.variant, moves: played.moves };
    if (played.fen) r.fen = played.fen;
    try {
      $("review-pdn").value = (await call("POST", "/api/pdn", r)).pdn;
    } catch (error) {
      showError(error);
    }
  };
  $("review-first").onclick = () => goReview(0);
  $("review-prev").onclick = () => goReview(review.ply - 1);
  $("review-next").onclick = () => goReview(review.ply + 1);
  $("review-last").onclick = () => goReview(review.data ? review.data.moves.length : 0);
  $("graph").onclick = (event) => {
    if (!review.data) return;
    const box = $("graph").getBoundingClientRect();
    goReview(Math.round(((event.clientX - box.left) / box.width) * review.data.moves.length));
  };
  document.addEventListener("keydown", reviewKeys);
  $("puzzle-file").onchange = async () => {
    const file = $("puzzle-file").files[0];
    if (file) loadPuzzleFile(await file.text());
  };
  $("puzzle-prev").onclick = () => openPuzzle(puzzle.index - 1);
  $("puzzle-next").onclick = () => openPuzzle(puzzle.index + 1);
  $("puzzle-retry").onclick = restartPuzzle;
  $("puzzle-solution").onclick = showSolution;
  $("import-pdn").onclick = async () => {
    try {
      const view = await call("POST", "/api/import", { variant: game.variant, pdn: $("pdn").value });
      game.redo = [];
      resetClock();
      setBoard(view);
    } catch (error) {
      showError(error);
    }
  };
}

// ---- Modes -------------------------------------------------------------------------

async function setMode(next) {
  if (next === mode) return;
  if (mode === "play") {
    stopAnalysis();
    playGame = { variant: game.variant, fen: game.fen, moves: game.moves.slice(), redo: game.redo.slice() };
  }
  mode = next;
  document.body.className = `mode-${next}`;
  for (const button of document.querySelectorAll("#modes button")) button.setAttribute("aria-pressed", String(button.dataset.mode === next));
  showError(null);
  if (next === "play") {
    flipped = false;
    if (playGame) Object.assign(game, playGame);
    refresh();
  } else if (next === "review") {
    if (review.data) goReview(review.ply);
  } else {
    if (!puzzle.list.length) await loadServerPuzzles();
    openPuzzle(puzzle.index);
  }
}

// Reads server-sent events from a fetch response: `handle(name, data)` for each.
async function readEvents(response, handle) {
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += value;
    let end;
    while ((end = buffer.indexOf("\n\n")) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      let name = "message";
      const data = [];
      for (const line of block.split("\n")) {
        if (line.startsWith("event:")) name = line.slice(6).trim();
        else if (line.startsWith("data:")) data.push(line.slice(5).replace(/^ /, ""));
      }
      if (data.length) handle(name, data.join("\n"));
    }
  }
}

// ---- Review ------------------------------------------------------------------------

async function startReview() {
  if (review.running) return review.running.abort();
  const controller = new AbortController();
  review.running = controller;
  const bar = $("review-progress");
  bar.hidden = false;
  bar.removeAttribute("value");
  $("review-start").textContent = "Stop";
  showError(null);
  try {
    const body = { variant: $("variant").value, pdn: $("review-pdn").value };
    const nodes = Number($("review-nodes").value);
    if (nodes) body.nodes = nodes;
    const response = await fetch("/api/review", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
      signal: controller.signal,
    });
    if (!response.ok) {
      const data = await response.json();
      throw new Error(data.message || response.statusText);
    }
    let failed = null;
    await readEvents(response, (name, data) => {
      if (name === "progress") {
        const { done, total } = JSON.parse(data);
        bar.max = total;
        bar.value = done;
      } else if (name === "done") {
        setReview(JSON.parse(data));
      } else if (name === "failed") {
        failed = data;
      }
    });
    if (failed) throw new Error(failed);
  } catch (error) {
    if (error.name !== "AbortError") showError(error);
  } finally {
    review.running = null;
    bar.hidden = true;
    $("review-start").textContent = "Review";
  }
}

function setReview(data) {
  review.data = data;
  showReviewMoves();
  const summary = (side) => {
    const s = data[side];
    const errors = s.classes[0] + s.classes[1] + s.classes[2] + s.classes[3] + s.classes[4] + s.classes[5];
    const accuracy = s.moves ? (s.total_accuracy / s.moves).toFixed(1) : "–";
    return `${side}: accuracy ${accuracy}%, ${errors} error${errors === 1 ? "" : "s"} in ${s.moves} moves`;
  };
  $("review-summary").textContent = `${summary("white")}; ${summary("black")}`;
  goReview(0);
}

// The expected score of White after `ply` plies (0: the start).
function whiteExpected(ply) {
  const moves = review.data.moves;
  const mv = ply === 0 ? moves[0] : moves[ply - 1];
  const expected = ply === 0 ? mv.before.expected : mv.after.expected;
  return mv.side === "white" ? expected : 1 - expected;
}

// The evaluation graph: White's expected score after every ply, White's area light;
// errors are dots, the position shown a line. A click goes to the ply under it.
function drawGraph() {
  const svg = $("graph");
  svg.replaceChildren();
  if (!review.data) return;
  const n = review.data.moves.length;
  const [width, height] = [Math.max(n, 1) * 4, 100];
  svg.setAttribute("viewBox", `0 0 ${width} ${height}`);
  const x = (ply) => (ply / Math.max(n, 1)) * width;
  const y = (expected) => (1 - expected) * height;
  const points = [`0,${height}`];
  for (let ply = 0; ply <= n; ply++) points.push(`${x(ply)},${y(whiteExpected(ply))}`);
  points.push(`${width},${height}`);
  el("polygon", { points: points.join(" "), class: "white-area" }, svg);
  el("line", { x1: 0, y1: height / 2, x2: width, y2: height / 2, class: "middle" }, svg);
  review.data.moves.forEach((mv, i) => {
    if (!mv.class) return;
    const [px, py] = [x(i + 1), y(whiteExpected(i + 1))];
    el("line", { x1: px, y1: py, x2: px, y2: py + 0.01, class: `dot ${mv.class}` }, svg);
  });
  el("line", { x1: x(review.ply), y1: 0, x2: x(review.ply), y2: height, class: "cursor" }, svg);
}

// The moves, numbered as PDN numbers them, each with its mark; a click goes there.
function showReviewMoves() {
  const list = $("review-moves");
  list.replaceChildren();
  let item = null;
  review.data.moves.forEach((mv, i) => {
    if (!mv.second || !item) {
      item = document.createElement("li");
      list.appendChild(item);
      item.append(`${mv.number}${mv.second ? "..." : "."}`);
    }
    const span = document.createElement("span");
    span.textContent = mv.played.text + review.data.marks[i];
    span.dataset.ply = i + 1;
    if (mv.class) span.className = mv.class;
    span.onclick = () => goReview(i + 1);
    item.append(" ");
    item.appendChild(span);
  });
}

// The arrows of a line: the first move bold, the rest lighter.
function lineMarks(line, kind, head) {
  return line.map((mv, i) => ({ path: [mv.from, mv.to], kind: i ? `${kind} later` : kind, head }));
}

// Shows the position after `ply` plies, the move that led there with its explanation,
// and its shot (allowed or missed) or threat as arrows.
async function goReview(ply) {
  const data = review.data;
  if (!data) return;
  review.ply = Math.max(0, Math.min(ply, data.moves.length));
  const moves = data.moves.slice(0, review.ply).map((mv) => mv.played.text);
  await showGame(data.variant, data.start, moves);
  if (!review.data || review.ply !== moves.length) return;
  const mv = data.moves[review.ply - 1];
  marks = [];
  if (mv && mv.allowed) marks.push(...lineMarks(mv.allowed.line, "allowed", "head-red"));
  if (mv && mv.missed) marks.push(...lineMarks(mv.missed.line, "missed", "head-green"));
  if (mv && mv.threat && !mv.allowed) marks.push(...lineMarks(mv.threat.shot.line, "threat", "head"));
  draw();
  drawGraph();
  for (const span of document.querySelectorAll("#review-moves span")) span.classList.toggle("current", Number(span.dataset.ply) === review.ply);
  const current = document.querySelector("#review-moves .current");
  if (current) current.scrollIntoView({ block: "nearest" });
  const text = $("explanation");
  if (!mv) {
    text.textContent = `Start position (${data.moves[0].before.text} for ${data.moves[0].side})`;
    return;
  }
  const number = `${mv.number}${mv.second ? "..." : "."}`;
  const explanation = data.explanations[review.ply - 1] || `${mv.after.text} for ${mv.side}`;
  text.textContent = `${number} ${mv.played.text}${data.marks[review.ply - 1]}: ${explanation}`;
}

function reviewKeys(event) {
  if (mode !== "review" || !review.data || ["INPUT", "TEXTAREA", "SELECT"].includes(event.target.tagName)) return;
  const to = { ArrowLeft: review.ply - 1, ArrowRight: review.ply + 1, Home: 0, End: review.data.moves.length }[event.key];
  if (to === undefined) return;
  event.preventDefault();
  goReview(to);
}

// ---- Puzzles -----------------------------------------------------------------------

async function loadServerPuzzles() {
  try {
    const { puzzles } = await call("GET", "/api/puzzles");
    puzzle.list = puzzles;
    puzzle.remote = true;
  } catch (error) {
    showError(error);
  }
}

async function loadPuzzleFile(text) {
  try {
    const { puzzles } = await call("POST", "/api/puzzles/load", { variant: $("variant").value, pdn: text });
    puzzle.list = puzzles;
    puzzle.remote = false;
    openPuzzle(0);
  } catch (error) {
    showError(error);
  }
}

function puzzleStatus(text, kind) {
  $("puzzle-status").textContent = text;
  $("puzzle-status").className = kind || "";
}

async function openPuzzle(index) {
  const count = puzzle.list.length;
  if (!count) {
    $("puzzle-title").textContent = "No puzzles: load a puzzle file (draughts puzzles --out), or start the server with --puzzles FILE.";
    puzzleStatus("");
    return;
  }
  puzzle.index = ((index % count) + count) % count;
  try {
    puzzle.current = puzzle.remote ? await call("GET", `/api/puzzles/${puzzle.list[puzzle.index].number}`) : puzzle.list[puzzle.index];
  } catch (error) {
    return showError(error);
  }
  const p = puzzle.current;
  const solver = /^\s*[Bb]/.test(p.fen) ? "black" : "white";
  flipped = solver === "black";
  $("puzzle-title").textContent = `Puzzle ${puzzle.index + 1} of ${count} (${p.variant}): ${solver} to play and win`;
  const source = p.source;
  $("puzzle-source").textContent = source ? `${source.white} – ${source.black}, ${source.event} ${source.date}, before ply ${source.ply}` : "";
  await restartPuzzle();
}

async function restartPuzzle() {
  const p = puzzle.current;
  if (!p) return;
  puzzle.step = 0;
  puzzle.state = "solving";
  puzzleStatus("Find the winning move.");
  await showGame(p.variant, p.fen, []);
}

const pause = (ms) => new Promise((done) => setTimeout(done, ms));

// The person's move: the solution's next move is played, with the forced reply after
// it; any other is shown as wrong, and not played.
async function puzzleMove(text) {
  const p = puzzle.current;
  const expected = p.solution[puzzle.step];
  if (text !== expected.text) {
    const tried = board.moves.find((m) => m.text === text);
    prefix = [];
    marks = tried ? [{ path: tried.path, kind: "wrong", head: "head-red" }] : [];
    draw();
    puzzleStatus(`${text} is not it: try again, or show the solution.`, "wrong");
    return;
  }
  puzzle.step++;
  busy = true;
  try {
    await showGame(p.variant, p.fen, p.solution.slice(0, puzzle.step).map((m) => m.text));
    if (puzzle.step < p.solution.length) {
      puzzleStatus(`${text}: right.`);
      await pause(500);
      puzzle.step++;
      await showGame(p.variant, p.fen, p.solution.slice(0, puzzle.step).map((m) => m.text));
    }
  } finally {
    busy = false;
  }
  if (puzzle.step >= p.solution.length) {
    puzzle.state = "solved";
    puzzleStatus(`Solved: ${p.solution.map((m) => m.text).join(" ")}`, "solved");
  } else {
    puzzleStatus(`Right: ${p.solution.slice(0, puzzle.step).map((m) => m.text).join(" ")} … go on.`);
    draw();
  }
}

// Plays the rest of the solution, a move at a time.
async function showSolution() {
  const p = puzzle.current;
  if (!p || puzzle.state !== "solving") return;
  puzzle.state = "shown";
  puzzleStatus(`Solution: ${p.solution.map((m) => m.text).join(" ")}`);
  while (puzzle.state === "shown" && puzzle.current === p && puzzle.step < p.solution.length) {
    puzzle.step++;
    await showGame(p.variant, p.fen, p.solution.slice(0, puzzle.step).map((m) => m.text));
    await pause(600);
  }
}

function resetClock() {
  clock.times = [];
  clock.redoTimes = [];
  clock.last = null;
}

async function start() {
  setup();
  try {
    const { variants, egdb } = await call("GET", "/api/variants");
    egdbVariants = egdb;
    for (const name of variants) {
      const option = document.createElement("option");
      option.value = option.textContent = name;
      $("variant").appendChild(option);
    }
  } catch (error) {
    showError(error);
  }
  refresh();
}

start();
