/* global document, history, location, requestAnimationFrame, window */
// Runs before the app's JavaScript, as a classic script at the end of index.html's body (the CSP
// allows no inline script): it puts the prerendered page that matches the address, language and
// signed-out state into #root, so the page paints as soon as HTML and CSS are in, and then starts
// the bundle (main.tsx hydrates the page). With a prerendered page the bundle is requested only
// after that first paint, so on a slow line it does not compete with the HTML and CSS.
(function () {
  var self = document.currentScript;
  var started = false;
  var lang = 'uk';
  function startApp() {
    if (started) return;
    started = true;
    var preloads = (self.getAttribute('data-preload') || '').split(' ');
    var locales = (self.getAttribute('data-locales') || '').split(' ');
    for (var l = 0; l < locales.length; l++) {
      if (locales[l].indexOf(lang + ':') === 0) preloads.push(locales[l].slice(lang.length + 1));
    }
    var here = location.pathname.replace(/\/+$/, '') || '/';
    var routes = (self.getAttribute('data-routes') || '').split(' ');
    for (var r = 0; r < routes.length; r++) {
      if (routes[r].indexOf(here + '=') === 0) preloads = preloads.concat(routes[r].slice(here.length + 1).split(','));
    }
    for (var i = 0; i < preloads.length; i++) {
      if (!preloads[i]) continue;
      var link = document.createElement('link');
      var css = /\.css$/.test(preloads[i]);
      var font = /\.woff2$/.test(preloads[i]);
      link.rel = css || font ? 'preload' : 'modulepreload';
      if (css) link.as = 'style';
      if (font) {
        link.as = 'font';
        link.type = 'font/woff2';
      }
      link.crossOrigin = '';
      link.href = preloads[i];
      document.head.appendChild(link);
    }
    var entry = document.createElement('script');
    entry.type = 'module';
    entry.crossOrigin = '';
    entry.src = self.getAttribute('data-entry');
    document.head.appendChild(entry);
  }
  // Until React has hydrated the page, the prerendered controls have no handlers. A form submitted
  // then would be sent by the browser itself, the password in the address: hold it. A choice in a
  // select (the language) would be lost: remember it. app/start.tsx calls mathClubGoLive once the
  // page is hydrated, and both are handed to React.
  var held = null;
  var chosen = {};
  var live = false;
  document.addEventListener(
    'submit',
    function (event) {
      if (live) return;
      event.preventDefault();
      held = event.target;
    },
    true,
  );
  document.addEventListener(
    'change',
    function (event) {
      if (!live && event.target.tagName === 'SELECT' && event.target.id) chosen[event.target.id] = event.target.value;
    },
    true,
  );
  window.mathClubGoLive = function () {
    live = true;
    for (var id in chosen) {
      var select = document.getElementById(id);
      if (!select) continue;
      select.value = chosen[id];
      select.dispatchEvent(new Event('change', { bubbles: true }));
    }
    if (held && held.isConnected && held.requestSubmit) held.requestSubmit();
    held = null;
  };

  startArenaReads();

  if (showPrerendered()) {
    requestAnimationFrame(function () {
      setTimeout(startApp, 0);
    });
  } else {
    startApp();
  }

  function stored(get) {
    try {
      return get() || '';
    } catch (e) {
      return '';
    }
  }

  // The language, found the way lib/i18n.ts's detector finds it: stored choice, cookie, browser, fallback uk.
  function detectLanguage() {
    var cookie = stored(function () {
      var m = /(?:^|;\s*)i18next=([^;]*)/.exec(document.cookie);
      return m && decodeURIComponent(m[1]);
    });
    var candidates = [stored(function () { return localStorage.getItem('i18nextLng'); }), cookie].concat(navigator.languages || [navigator.language]);
    for (var i = 0; i < candidates.length; i++) {
      var code = String(candidates[i] || '').toLowerCase().split(/[-_]/)[0];
      if (code === 'en' || code === 'uk') return code;
    }
    return 'uk';
  }

  /**
   * A student opening the arena: its four reads (the same requests, with the same headers, that
   * app/routes/student-arena-data.ts makes) start now, while the bundle downloads, instead of
   * after it has run. lib/api-client.ts hands each response to the first identical GET made with
   * the same token, once; whatever the answer (an error, a 401), the app handles it as its own.
   */
  function startArenaReads() {
    var here = location.pathname.replace(/\/+$/, '') || '/';
    if (here !== '/student' || !window.fetch) return;
    var token = stored(function () {
      return localStorage.getItem('accessToken');
    });
    var user;
    try {
      var payload = JSON.parse(atob(token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/')));
      if (payload.exp && payload.exp * 1000 <= Date.now()) return;
      // lib/session.ts: the stored user, else the token's.
      user = JSON.parse(stored(function () { return localStorage.getItem('authenticatedUser'); }) || 'null') || payload;
    } catch (e) {
      return;
    }
    if (!user || user.role !== 'student') return;
    var headers = { Accept: 'application/json', 'Accept-Language': detectLanguage(), Authorization: 'Bearer ' + token };
    var paths = ['/api/tasks/mine', '/api/solutions', '/api/users/profile'];
    var group = user.groups && user.groups[0];
    if (group) paths.push('/api/leaderboard?groupId=' + encodeURIComponent(group.id) + '&period=all');
    var responses = {};
    for (var i = 0; i < paths.length; i++) {
      responses[paths[i]] = fetch(paths[i], { headers: headers });
      // Handled where it is used; unused, a failure must not be reported as unhandled.
      responses[paths[i]].catch(function () {});
    }
    window.mathClubEarlyReads = { token: token, at: Date.now(), responses: responses };
  }

  /** Puts the matching prerendered page into #root; false when there is none (signed in, other pages). */
  function showPrerendered() {
    lang = detectLanguage();
    // Signed in: the page depends on the user; leave it to the app.
    var token = stored(function () {
      return localStorage.getItem('accessToken');
    });
    if (token) {
      try {
        var payload = JSON.parse(atob(token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/')));
        if (!payload.exp || payload.exp * 1000 > Date.now()) return false;
      } catch (e) {
        return false;
      }
    }
    // A page reached with navigation state (the login after sign-up shows a notice) renders
    // differently from its prerendered version: leave it to the app.
    if (history.state && history.state.usr) return false;
    var path = location.pathname.replace(/\/+$/, '') || '/';
    var page = document.getElementById('prerendered:' + path + ':' + lang);
    var root = document.getElementById('root');
    if (!page || !root || root.firstChild) return false;
    document.documentElement.lang = lang;
    if (page.getAttribute('data-title')) document.title = page.getAttribute('data-title');
    root.appendChild(page.content.cloneNode(true));
    return true;
  }
})();
