// The preview page: lists the cards from /cards.json, asks for a card's image again only when
// its version changes, and reads /cards.json again whenever the server says over /live that
// something changed. No other host is ever contacted.
"use strict";

const state = { snapshot: null, showBack: false, figures: new Map(), zoomed: null, shown: -1 };
const $ = (id) => document.getElementById(id);

function imageURL(index, card) {
  if (state.showBack && card.back != null) return `/backs/${card.back}.png?v=${state.snapshot.backVersions[card.back]}`;
  return `/cards/${index}.png?v=${card.version}`;
}

function figureFor(card) {
  let figure = state.figures.get(card.name);
  if (figure) return figure;
  figure = document.createElement("figure");
  const image = document.createElement("img");
  const caption = document.createElement("figcaption");
  const row = document.createElement("span");
  row.className = "row";
  caption.append(row, document.createTextNode(""));
  figure.append(image, caption);
  figure.addEventListener("click", () => zoom(figure.dataset.name));
  state.figures.set(card.name, figure);
  return figure;
}

function render(snapshot) {
  const previous = state.snapshot;
  state.snapshot = snapshot;
  const error = $("error");
  error.hidden = snapshot.error == null;
  error.textContent = snapshot.error ?? "";
  const warnings = $("warnings");
  const all = snapshot.warnings.concat(...snapshot.cards.map((card) => card.warnings));
  warnings.hidden = all.length === 0;
  warnings.replaceChildren(...all.map((text) => Object.assign(document.createElement("li"), { textContent: text })));
  $("side-switch").hidden = snapshot.backVersions.length === 0;
  const names = new Set(snapshot.cards.map((card) => card.name));
  for (const [name, figure] of state.figures) if (!names.has(name)) { figure.remove(); state.figures.delete(name); }
  const container = $("cards");
  snapshot.cards.forEach((card, index) => {
    const figure = figureFor(card);
    const changed = figure.dataset.version !== String(card.version);
    figure.dataset.name = card.name;
    figure.dataset.row = String(card.row);
    figure.dataset.index = String(index);
    figure.dataset.version = String(card.version);
    figure.classList.toggle("warned", card.warnings.length > 0);
    figure.classList.toggle("fresh", changed && previous != null);
    const image = figure.querySelector("img");
    const url = imageURL(index, card);
    if (image.getAttribute("src") !== url) image.setAttribute("src", url);
    image.alt = `Row ${card.row}: ${card.name}`;
    image.style.aspectRatio = `${snapshot.widthInches} / ${snapshot.heightInches}`;
    const caption = figure.querySelector("figcaption");
    caption.firstChild.textContent = `#${card.row}`;
    caption.lastChild.textContent = card.name;
    if (container.children[index] !== figure) container.insertBefore(figure, container.children[index] ?? null);
  });
  applyFilter();
  if (state.zoomed) zoom(state.zoomed);
  $("status").textContent = `${snapshot.cards.length} cards · update ${snapshot.generation}`;
}

function applyFilter() {
  const words = $("filter").value.trim().toLowerCase().split(/\s+/).filter(Boolean);
  for (const figure of state.figures.values()) {
    const text = `#${figure.dataset.row} ${figure.dataset.row} ${figure.dataset.name}`.toLowerCase();
    figure.hidden = !words.every((word) => text.includes(word));
  }
}

function zoom(name) {
  const figure = state.figures.get(name);
  if (!figure) return closeZoom();
  state.zoomed = name;
  const image = $("zoom-image");
  image.src = figure.querySelector("img").getAttribute("src");
  image.alt = figure.querySelector("img").alt;
  // CSS inches are the print size the browser knows for the screen.
  image.style.width = `${state.snapshot.widthInches}in`;
  image.style.height = `${state.snapshot.heightInches}in`;
  $("zoom-caption").textContent = `#${figure.dataset.row} ${name} · ${state.snapshot.widthInches.toFixed(2)} × ${state.snapshot.heightInches.toFixed(2)} in`;
  $("zoom").hidden = false;
}

function closeZoom() {
  state.zoomed = null;
  $("zoom").hidden = true;
}

async function load() {
  const response = await fetch("/cards.json", { cache: "no-store" });
  if (!response.ok) throw new Error(`cards.json: ${response.status}`);
  const snapshot = await response.json();
  if (state.snapshot && snapshot.generation < state.snapshot.generation) return;
  render(snapshot);
}

function listen(delay) {
  const socket = new WebSocket(`ws://${location.host}/live`);
  socket.onopen = () => { delay = 250; load().catch(showOffline); };
  socket.onmessage = () => load().catch(showOffline);
  socket.onclose = () => {
    showOffline();
    setTimeout(() => listen(Math.min(delay * 2, 5000)), delay);
  };
}

function showOffline() {
  $("status").textContent = "Not connected to cardrender preview; retrying…";
}

$("filter").addEventListener("input", applyFilter);
$("show-back").addEventListener("change", (event) => {
  state.showBack = event.target.checked;
  if (state.snapshot) render(state.snapshot);
});
$("zoom").addEventListener("click", closeZoom);
document.addEventListener("keydown", (event) => { if (event.key === "Escape") closeZoom(); });
load().catch(showOffline);
listen(250);
