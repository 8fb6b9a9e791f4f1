// The host's page: create tables (game, players, bots, options), hand out each seat's link and QR
// code, pause, resume, end, let a bot take a seat that is away (or give it back), export a table as a
// save in the CLI's format, import one. The host's key is the page link's #fragment.
"use strict";

const key = decodeURIComponent(location.hash.slice(1));
const $ = (id) => document.getElementById(id);
let gamesList = [];

function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}

function showError(text) { $("error").textContent = text || ""; $("error").hidden = !text; }

async function api(path, body, raw) {
  const opts = {method: body === undefined ? "GET" : "POST",
                headers: {"Authorization": "Bearer " + key, "Content-Type": "application/json"}};
  if (body !== undefined) opts.body = JSON.stringify(body);
  const r = await fetch("/api/" + path, opts);
  if (!r.ok) {
    let msg = r.status + "";
    try { msg = (await r.json()).error; } catch (e) { /* not JSON */ }
    throw new Error(msg);
  }
  return raw ? r.blob() : r.json();
}

function game() { return gamesList.find((g) => g.name === $("game").value); }

function fillForm() {
  const g = game();
  $("players").min = g.min_players;
  $("players").max = g.max_players;
  let n = Math.max(g.min_players, Math.min(g.max_players, +$("players").value || g.min_players));
  $("players").value = n;
  const seats = $("bot-seats");
  seats.textContent = "";
  for (let i = 0; i < n; i++) {
    const label = el("label", "", "");
    const box = el("input");
    box.type = "checkbox";
    box.value = String(i);
    box.name = "bot";
    label.appendChild(box);
    label.appendChild(document.createTextNode(" seat " + (i + 1) + (g.name === "mansions" && i === 0 ? " (the keeper)" : "")));
    seats.appendChild(label);
  }
  const opts = $("option-list");
  opts.textContent = "";
  for (const o of g.options) {
    const label = el("label", "", o.label + " ");
    let input;
    if (o.kind === "bool") { input = el("input"); input.type = "checkbox"; input.checked = o.default; }
    else { input = el("select"); for (const c of o.choices) { const op = el("option", "", c); op.value = c; input.appendChild(op); } input.value = o.default; }
    input.dataset.option = o.name;
    input.dataset.kind = o.kind;
    label.prepend(input);
    opts.appendChild(label);
  }
  $("options").hidden = !g.options.length;
}

async function create(ev) {
  ev.preventDefault();
  showError("");
  const options = {};
  for (const input of $("option-list").querySelectorAll("[data-option]")) {
    options[input.dataset.option] = input.dataset.kind === "bool" ? input.checked : input.value;
  }
  const bots = Array.from($("bot-seats").querySelectorAll("input:checked")).map((b) => +b.value);
  const body = {game: $("game").value, players: +$("players").value, bots: bots, options: options};
  if ($("seed").value !== "") body.seed = +$("seed").value;
  if ($("paused").checked) body.paused = true;
  try { await api("tables", body); await refresh(); } catch (e) { showError(e.message); }
}

async function importSave(ev) {
  ev.preventDefault();
  showError("");
  const file = $("import-file").files[0];
  if (!file) { showError("choose a save file"); return; }
  const bytes = new Uint8Array(await file.arrayBuffer());
  let bin = "";
  for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x8000));
  try {
    const done = await api("import", {game: $("import-game").value, save: btoa(bin), passphrase: $("import-pass").value,
                                      allow_older: $("import-older").checked});
    $("import-pass").value = "";
    $("import-older").checked = false;
    await refresh();
    if (done.notice) showError(done.notice);
  } catch (e) { showError(e.message); }
}

async function control(table, verb, body) {
  showError("");
  try { await api("tables/" + table.id + "/" + verb, body || {}); await refresh(); } catch (e) { showError(e.message); }
}

async function exportSave(table) {
  showError("");
  let passphrase = "";
  const g = gamesList.find((x) => x.name === table.game);
  if (g && g.hides) {
    passphrase = prompt("A passphrase to seal the save with (it opens only with it):") || "";
    if (!passphrase) return;
  }
  try {
    const blob = await api("tables/" + table.id + "/export", {passphrase: passphrase}, true);
    const a = el("a");
    a.href = URL.createObjectURL(blob);
    a.download = table.game + "-" + table.id + (g && g.hides ? ".sae" : ".sav");
    document.body.appendChild(a);
    a.click();
    a.remove();
  } catch (e) { showError(e.message); }
}

function tableEl(t) {
  const sec = el("section", "panel");
  sec.dataset.table = t.id;
  let state = t.over ? "over: " + t.result : (t.ended ? "ended" : (t.paused ? "paused" : (t.turn ? t.turn.name + "'s turn" : "")));
  sec.appendChild(el("h2", "", t.title + " · table " + t.id + " · move " + t.move + " · " + state));
  const controls = el("div", "controls");
  const button = (text, fn) => { const b = el("button", "", text); b.type = "button"; b.onclick = fn; controls.appendChild(b); return b; };
  if (!t.ended && !t.over) {
    button(t.paused ? "resume" : "pause", () => control(t, t.paused ? "resume" : "pause"));
    button("end the table", () => { if (confirm("End table " + t.id + "? Nobody can play it on.")) control(t, "end"); });
  }
  button("save (export)", () => exportSave(t));
  sec.appendChild(controls);
  const links = el("div", "links");
  for (const s of t.seats) {
    const card = el("div", "link-card");
    card.appendChild(el("strong", "", s.name + (s.bot ? " (bot)" : "") + (s.online ? " · online" : "")));
    if (s.qr) { const q = el("div", "qr"); q.innerHTML = s.qr; card.appendChild(q); }
    const a = el("a", "", s.link);
    a.href = s.link;
    a.target = "_blank";
    a.rel = "noopener noreferrer";
    card.appendChild(el("div", "", "")).appendChild(a);
    if (!t.ended && !t.over) {
      const b = el("button", "", s.bot ? "give the seat back to its player" : "a bot takes this seat");
      b.type = "button";
      b.onclick = () => control(t, "seat", {seat: s.seat, bot: !s.bot});
      card.appendChild(b);
    }
    links.appendChild(card);
  }
  const watch = el("div", "link-card");
  watch.appendChild(el("strong", "", "spectators (the public view)"));
  const wa = el("a", "", t.watch_link);
  wa.href = t.watch_link;
  watch.appendChild(el("div")).appendChild(wa);
  links.appendChild(watch);
  sec.appendChild(links);
  return sec;
}

async function refresh() {
  try {
    const doc = await api("tables");
    const box = $("tables");
    box.textContent = "";
    for (const t of doc.tables) box.appendChild(tableEl(t));
    $("status").textContent = doc.tables.length + " tables";
    if (doc.notes.length) showError(doc.notes.join("\n"));
  } catch (e) { showError(e.message); }
}

async function start() {
  if (!key) { showError("this page needs the host's link printed by eldritch serve"); return; }
  try {
    gamesList = (await api("games")).games;
  } catch (e) { showError(e.message); return; }
  for (const g of gamesList) {
    for (const sel of [$("game"), $("import-game")]) {
      const op = el("option", "", g.title);
      op.value = g.name;
      sel.appendChild(op);
    }
  }
  $("game").onchange = fillForm;
  $("players").onchange = fillForm;
  $("create").onsubmit = create;
  $("import").onsubmit = importSave;
  fillForm();
  await refresh();
  setInterval(refresh, 3000);
}

start();
