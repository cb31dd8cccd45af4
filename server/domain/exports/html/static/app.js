// The offline export's page script: the catalog menu, search over the exported pages, previous /
// next links, the mobile menu, and Mermaid diagrams (strict security, the SVG sanitised again).
// It reads window.PROJECT_DATA and window.SEARCH_INDEX (assets/js/data.js, search-index.js):
// plain script files, because pages opened from disk may not fetch anything.
(function () {
  'use strict';
  var data = window.PROJECT_DATA || { pages: [], catalogs: [], ui: {} };
  var index = window.SEARCH_INDEX || [];
  var ui = data.ui || {};
  var body = document.body;
  var base = body.getAttribute('data-base') || '';
  var current = body.getAttribute('data-page-id') || '0';

  function el(tag, attrs, text) {
    var e = document.createElement(tag);
    if (attrs) for (var k in attrs) if (Object.prototype.hasOwnProperty.call(attrs, k)) e.setAttribute(k, attrs[k]);
    if (text !== undefined) e.textContent = text;
    return e;
  }
  function pageHref(id) {
    return base + 'pages/page-' + id + '.html';
  }

  // --- the catalog menu ---
  function pageLink(p) {
    var li = el('li', { class: 'menu-page' + (String(p.page_id) === current ? ' is-current' : '') });
    var a = el('a', { href: pageHref(p.page_id) }, p.page_title);
    if (String(p.page_id) === current) a.setAttribute('aria-current', 'page');
    li.appendChild(a);
    return li;
  }
  function buildMenu() {
    var holder = document.getElementById('catalogTree');
    if (!holder) return;
    var byCat = {};
    data.pages.forEach(function (p) {
      (byCat[p.cat_id] = byCat[p.cat_id] || []).push(p);
    });
    var kids = {};
    data.catalogs.forEach(function (c) {
      (kids[c.parent_cat_id] = kids[c.parent_cat_id] || []).push(c);
    });
    function holdsCurrent(c) {
      if ((byCat[c.cat_id] || []).some(function (p) { return String(p.page_id) === current; })) return true;
      return (kids[c.cat_id] || []).some(holdsCurrent);
    }
    function catalog(c) {
      var li = el('li', { class: 'menu-catalog' });
      var details = el('details');
      if (holdsCurrent(c)) details.open = true;
      details.appendChild(el('summary', null, c.cat_name));
      var ul = el('ul');
      (byCat[c.cat_id] || []).forEach(function (p) { ul.appendChild(pageLink(p)); });
      (kids[c.cat_id] || []).forEach(function (k) { ul.appendChild(catalog(k)); });
      details.appendChild(ul);
      li.appendChild(details);
      return li;
    }
    var root = el('ul', { class: 'menu' });
    (byCat[0] || []).forEach(function (p) { root.appendChild(pageLink(p)); });
    (kids[0] || []).forEach(function (c) { root.appendChild(catalog(c)); });
    holder.textContent = '';
    holder.appendChild(root);
  }

  // --- search ---
  function snippet(text, at, len) {
    var from = Math.max(0, at - 40);
    return (from > 0 ? '…' : '') + text.slice(from, at + len + 80) + (at + len + 80 < text.length ? '…' : '');
  }
  function search(q) {
    var box = document.getElementById('searchResults');
    if (!box) return;
    box.textContent = '';
    q = q.trim().toLowerCase();
    if (!q) {
      box.hidden = true;
      return;
    }
    var hits = [];
    for (var i = 0; i < index.length && hits.length < 50; i++) {
      var e = index[i];
      var t = e.page_title.toLowerCase().indexOf(q);
      var b = e.text.toLowerCase().indexOf(q);
      if (t >= 0 || b >= 0) hits.push({ e: e, at: b });
    }
    if (!hits.length) box.appendChild(el('div', { class: 'search-empty' }, ui.noResults || 'No results'));
    hits.forEach(function (h) {
      var a = el('a', { class: 'search-hit', href: pageHref(h.e.page_id) });
      a.appendChild(el('strong', null, h.e.page_title));
      if (h.at >= 0) a.appendChild(el('span', null, snippet(h.e.text, h.at, q.length)));
      box.appendChild(a);
    });
    box.hidden = false;
  }

  // --- previous / next ---
  function pageNav() {
    var nav = document.getElementById('pageNav');
    if (!nav || current === '0') return;
    var order = data.order || [];
    var i = order.indexOf(current);
    if (i < 0) return;
    var titles = {};
    data.pages.forEach(function (p) { titles[String(p.page_id)] = p.page_title; });
    if (i > 0) nav.appendChild(el('a', { class: 'prev', href: pageHref(order[i - 1]) }, '← ' + titles[order[i - 1]]));
    if (i < order.length - 1) nav.appendChild(el('a', { class: 'next', href: pageHref(order[i + 1]) }, titles[order[i + 1]] + ' →'));
  }

  // --- Mermaid, strictly: labels as text, the SVG sanitised before it enters the page ---
  function mermaidBlocks() {
    var blocks = document.querySelectorAll('[data-mermaid="1"]');
    if (!blocks.length || !window.mermaid) return;
    window.mermaid.initialize({ startOnLoad: false, securityLevel: 'strict', htmlLabels: false, flowchart: { htmlLabels: false }, theme: 'neutral', maxTextSize: 50000 });
    var n = 0;
    var chain = Promise.resolve();
    Array.prototype.forEach.call(blocks, function (block) {
      chain = chain.then(function () {
        var source = block.textContent || '';
        return window.mermaid.render('quire-mermaid-' + ++n, source).then(
          function (r) {
            var svg = window.DOMPurify
              ? window.DOMPurify.sanitize(r.svg, { USE_PROFILES: { svg: true, svgFilters: true, html: true }, ADD_TAGS: ['foreignObject', 'style'], FORBID_TAGS: ['script', 'iframe', 'object', 'embed', 'a'], FORBID_ATTR: ['href', 'xlink:href', 'onclick'] })
              : '';
            if (svg) {
              block.innerHTML = svg;
              block.classList.add('is-rendered');
            }
          },
          function () {
            block.classList.add('is-error');
          },
        );
      });
    });
  }

  buildMenu();
  pageNav();
  var input = document.getElementById('searchInput');
  if (input) {
    input.setAttribute('placeholder', ui.search || 'Search pages…');
    input.addEventListener('input', function () { search(input.value); });
  }
  var toggle = document.getElementById('menuToggle');
  if (toggle) toggle.addEventListener('click', function () { body.classList.toggle('menu-open'); });
  mermaidBlocks();
})();
