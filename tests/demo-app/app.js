// Demo shop admin: the bundled target application for Specwright's demo and tests.
// Plain JavaScript on purpose: no build step, served as static files by the core.
(function () {
  "use strict";
  var ACCOUNT = { email: "ada@example.com", password: "demo1234" };
  var SEED_ITEMS = [
    { name: "기계식 키보드", price: 129000, category: "주변기기" },
    { name: "27인치 모니터", price: 289000, category: "디스플레이" },
    { name: "USB-C 허브", price: 45000, category: "주변기기" }
  ];
  // Deliberate defects for tests that prove scenarios fail on a broken app (see Fault in the core).
  var FAULTS = window.SPECWRIGHT_FAULTS || [];
  function fault(name) { return FAULTS.indexOf(name) >= 0; }
  var app = document.getElementById("app");
  var nav = document.getElementById("nav");
  var toast = document.getElementById("toast");

  // The login lives in localStorage (per browser context), so a saved storage state keeps it.
  function loggedIn() { return localStorage.getItem("user") !== null; }
  function items() {
    var raw = sessionStorage.getItem("items");
    return raw ? JSON.parse(raw) : SEED_ITEMS.slice();
  }
  function saveItems(list) { sessionStorage.setItem("items", JSON.stringify(list)); }
  function esc(s) {
    return String(s).replace(/[&<>"']/g, function (c) {
      return { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" }[c];
    });
  }
  function won(n) { return Number(n).toLocaleString("ko-KR") + "원"; }
  function go(path) { history.pushState({}, "", path); render(); }
  function notify(text) {
    toast.textContent = text;
    clearTimeout(notify.timer);
    notify.timer = setTimeout(function () { toast.textContent = ""; }, 8000);
  }

  function loginPage() {
    document.title = "로그인 - 데모 상점";
    app.innerHTML =
      '<h1>로그인</h1>' +
      '<form id="login" novalidate>' +
      '<label for="email">이메일</label><input id="email" name="email" type="email" autocomplete="username">' +
      '<label for="password">비밀번호</label><input id="password" name="password" type="password" autocomplete="current-password">' +
      '<label class="inline"><input type="checkbox" id="remember" name="remember"> 로그인 상태 유지</label>' +
      '<p class="error" id="login-error" role="alert"></p>' +
      '<div class="actions"><button type="submit">' + (fault("renamed_button") ? "로그인하기" : "로그인") + '</button></div>' +
      '</form>';
    document.getElementById("login").addEventListener("submit", function (e) {
      e.preventDefault();
      var email = document.getElementById("email").value.trim();
      var password = document.getElementById("password").value;
      if (email === ACCOUNT.email && password === ACCOUNT.password) {
        localStorage.setItem("user", email);
        go(fault("wrong_redirect") ? "/items" : "/dashboard");
      } else {
        document.getElementById("login-error").textContent = "이메일 또는 비밀번호가 올바르지 않습니다.";
      }
    });
  }

  function dashboardPage() {
    document.title = "대시보드 - 데모 상점";
    var list = items();
    app.innerHTML =
      '<h1>대시보드</h1>' +
      '<p>' + esc(localStorage.getItem("user")) + '님, 환영합니다.</p>' +
      '<p>등록된 상품: <strong>' + list.length + '개</strong></p>';
  }

  function itemsPage() {
    document.title = "상품 목록 - 데모 상점";
    var list = items();
    var rows = list.map(function (it, i) {
      return '<tr><td>' + esc(it.name) + '</td><td>' + won(it.price) + '</td><td>' + esc(it.category) + '</td>' +
        '<td><button type="button" class="secondary" data-delete="' + i + '" aria-label="' + esc(it.name) + ' 삭제">삭제</button></td></tr>';
    }).join("");
    // Two buttons share the name "내보내기" on purpose: grounding must not pick one silently.
    app.innerHTML =
      '<div class="toolbar"><h1>상품 목록</h1><div>' +
      '<button type="button" class="secondary" data-export>내보내기</button> ' +
      '<a href="/items/new" data-link role="button">' + (fault("renamed_link") ? "새 상품 등록하기" : "새 상품 등록") + '</a></div></div>' +
      '<table><thead><tr><th>상품명</th><th>가격</th><th>카테고리</th><th>관리</th></tr></thead><tbody>' + rows + '</tbody></table>' +
      '<div class="toolbar"><span>총 ' + list.length + '개</span><button type="button" class="secondary" data-export>내보내기</button></div>';
    app.querySelectorAll("[data-export]").forEach(function (b) {
      b.addEventListener("click", function () { notify("목록을 내보냈습니다."); });
    });
    app.querySelectorAll("[data-delete]").forEach(function (b) {
      b.addEventListener("click", function () {
        var idx = Number(b.getAttribute("data-delete"));
        confirmModal("삭제 확인", "'" + list[idx].name + "' 상품을 삭제할까요?", "삭제", function () {
          list.splice(idx, 1);
          saveItems(list);
          itemsPage();
          notify("상품이 삭제되었습니다.");
        });
      });
    });
  }

  function newItemPage() {
    document.title = "상품 등록 - 데모 상점";
    var nameField = '<label for="name">' + (fault("relabeled_field") ? "상품 이름" : "상품명") + '</label><input id="name" name="name" type="text">' +
      '<p class="error" id="name-error"></p>';
    var priceField = '<label for="price">가격</label><input id="price" name="price" type="number" min="0">' +
      '<p class="error" id="price-error"></p>';
    var submit = '<button type="submit">등록</button>';
    app.innerHTML =
      '<h1>상품 등록</h1>' +
      '<form id="item-form" novalidate>' +
      (fault("moved_field") ? priceField + nameField : nameField + priceField) +
      '<label for="category">카테고리</label><select id="category" name="category">' +
      '<option>주변기기</option><option>디스플레이</option><option>액세서리</option></select>' +
      '<label for="description">설명</label><textarea id="description" name="description" rows="3"></textarea>' +
      '<div class="actions">' + (fault("wrapped_button") ? '<span class="wrap"><span>' + submit + '</span></span>' : submit) +
      '<a href="/items" data-link class="secondary">취소</a></div>' +
      '</form>';
    document.getElementById("item-form").addEventListener("submit", function (e) {
      e.preventDefault();
      var name = document.getElementById("name").value.trim();
      var price = Number(document.getElementById("price").value);
      var ok = true;
      document.getElementById("name-error").textContent = "";
      document.getElementById("price-error").textContent = "";
      if (!name) {
        if (!fault("broken_validation")) { document.getElementById("name-error").textContent = "상품명을 입력해 주세요."; }
        ok = false;
      }
      if (!(price > 0) || fault("refused_input")) { document.getElementById("price-error").textContent = "가격은 0보다 커야 합니다."; ok = false; }
      if (!ok) { return; }
      confirmModal("등록 확인", "'" + name + "' 상품을 등록할까요?", "확인", function () {
        var list = items();
        if (!fault("missing_row")) {
          list.push({ name: name, price: price, category: document.getElementById("category").value });
        }
        saveItems(list);
        go("/items");
        if (!fault("missing_confirmation")) { notify("상품이 등록되었습니다."); }
      });
    });
  }

  function confirmModal(title, text, okLabel, onOk) {
    var backdrop = document.createElement("div");
    backdrop.className = "backdrop";
    backdrop.innerHTML =
      '<div class="modal" role="dialog" aria-modal="true" aria-labelledby="modal-title">' +
      '<h2 id="modal-title">' + esc(title) + '</h2><p>' + esc(text) + '</p>' +
      '<div class="actions"><button type="button" data-ok>' + esc(okLabel) + '</button>' +
      '<button type="button" class="secondary" data-cancel>취소</button></div></div>';
    document.body.appendChild(backdrop);
    backdrop.querySelector("[data-ok]").addEventListener("click", function () { backdrop.remove(); onOk(); });
    backdrop.querySelector("[data-cancel]").addEventListener("click", function () { backdrop.remove(); });
    backdrop.querySelector("[data-ok]").focus();
  }

  // The menu's entries in the other order: where a link sits is no part of what it is.
  if (fault("reordered_menu")) { nav.insertBefore(document.getElementById("logout"), nav.firstChild); }

  function render() {
    var path = location.pathname.replace(/\/+$/, "") || "/";
    nav.hidden = !loggedIn();
    if (!loggedIn() && path !== "/login") { history.replaceState({}, "", "/login"); path = "/login"; }
    if (loggedIn() && (path === "/" || path === "/login")) { history.replaceState({}, "", "/dashboard"); path = "/dashboard"; }
    if (path === "/login") { loginPage(); }
    else if (path === "/dashboard") { dashboardPage(); }
    else if (path === "/items") { itemsPage(); }
    else if (path === "/items/new") { newItemPage(); }
    else { document.title = "찾을 수 없음"; app.innerHTML = '<h1>페이지를 찾을 수 없습니다</h1>'; }
  }

  document.addEventListener("click", function (e) {
    var a = e.target.closest && e.target.closest("a[data-link]");
    if (a) { e.preventDefault(); go(a.getAttribute("href")); }
  });
  document.getElementById("logout").addEventListener("click", function () {
    localStorage.removeItem("user");
    go("/login");
  });
  window.addEventListener("popstate", render);
  render();
})();
