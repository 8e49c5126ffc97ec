/* global document, window */
// The demo provider's game script (issue 12; served as /assets/game.js on the provider's origin).
// It shows what the provider's server decides and asks it for every round: the page never decides
// an outcome. It talks to the site only through window.parent.postMessage(message, siteOrigin),
// with the shapes of src/api/gameLaunch.ts gameFrameMessageSchema. No autoplay: every round is one
// press of a button. Plain script, no build step.
(function () {
  'use strict';

  var configElement = document.getElementById('launch-config');
  if (!configElement) return;
  var config = JSON.parse(configElement.textContent || '{}');

  // ---- shared: money, messages, calls -------------------------------------------------------

  var fractionDigits = config.currency === 'JPY' || config.currency === 'CLP' ? 0 : 2;
  var moneyFormat;
  try {
    moneyFormat = new Intl.NumberFormat('en', { style: 'currency', currency: config.currency, minimumFractionDigits: fractionDigits, maximumFractionDigits: fractionDigits });
  } catch {
    moneyFormat = null;
  }
  function money(amount) {
    var value = Number(amount);
    return moneyFormat ? moneyFormat.format(value) : value.toFixed(fractionDigits) + ' ' + config.currency;
  }

  var statusElement = document.getElementById('status');
  var alertElement = document.getElementById('alert');
  var balanceElement = document.getElementById('balance');

  function say(text) {
    statusElement.textContent = text;
  }
  function warn(text) {
    alertElement.textContent = text;
    alertElement.hidden = text === '';
  }

  /** To the site only: its origin is the target, never '*'. */
  function tell(message) {
    if (window.parent === window) return;
    message.source = config.source;
    window.parent.postMessage(message, config.siteOrigin);
  }

  function showBalance(balance) {
    balanceElement.textContent = money(balance);
    tell({ type: 'balance', balance: balance, currency: config.currency });
  }

  var REFUSALS = {
    NOT_ENOUGH_FUNDS: 'Not enough money in your balance for this stake. Lower the stake or make a deposit.',
    RESTRICTED: 'Your account cannot place bets in this game right now.',
    SELF_SPEND_LIMIT_REACHED: 'This stake would take your losses past the spend limit you set. Lower the stake, or play again when your limit period resets.',
  };

  /**
   * A refusal of the wallet: shown in the game and told to the site. The site's frame messages
   * (src/api/gameLaunch.ts) have no code for the spend limit: the game says it, the site is not told
   * a wrong reason.
   */
  function refused(result) {
    var text = REFUSALS[result] || 'The bet was not accepted.';
    warn(text);
    if (result === 'SELF_SPEND_LIMIT_REACHED') return;
    tell({ type: 'error', code: result === 'RESTRICTED' ? 'RESTRICTED' : 'NOT_ENOUGH_FUNDS', message: text });
  }

  function requestId() {
    var bytes = new Uint8Array(12);
    crypto.getRandomValues(bytes);
    return Array.prototype.map.call(bytes, function (byte) { return ('0' + byte.toString(16)).slice(-2); }).join('');
  }

  /** POSTs to the provider's own endpoint; resolves with { status, body }. */
  function call(path, payload) {
    payload.launch = config.launch;
    return fetch(path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(payload),
      credentials: 'omit',
    }).then(function (response) {
      return response.json().catch(function () { return {}; }).then(function (body) {
        // The provider renews the launch while the player's session lives: use the new one from now on.
        if (response.status === 200 && body && typeof body.launch === 'string') config.launch = body.launch;
        return { status: response.status, body: body };
      });
    });
  }

  function failed(answer) {
    var body = answer.body || {};
    // The round did not happen: the "spinning" line goes, the alert says why.
    say('');
    if (answer.status === 401) {
      ended = true;
      var endedText = config.mode === 'real' ? 'Your session has ended. Log in again to play for real money.' : 'This game session has ended. Close the game and open it again.';
      warn(endedText);
      tell({ type: 'error', code: 'SESSION_ENDED', message: endedText });
      return;
    }
    var text = typeof body.message === 'string' ? body.message : 'Something went wrong. Please try again.';
    warn(text);
    if (answer.status >= 500 || body.code === 'wallet.unavailable') tell({ type: 'error', code: 'UNAVAILABLE', message: text });
  }

  function networkFailed() {
    var text = 'The game lost its connection. Please try again.';
    warn(text);
    tell({ type: 'error', code: 'UNAVAILABLE', message: text });
  }

  function fillOptions(select, amounts) {
    amounts.forEach(function (amount) {
      var option = document.createElement('option');
      option.value = amount;
      option.textContent = money(amount);
      select.appendChild(option);
    });
  }

  document.getElementById('close').addEventListener('click', function () {
    tell({ type: 'close' });
  });

  // Issue 24: the free spins of this game the player holds (a real slot's answers carry them).
  function showFreeSpins(left) {
    var line = document.getElementById('free-spins');
    if (!line || typeof left !== 'number') return;
    document.getElementById('free-spins-left').textContent = String(left);
    line.hidden = left === 0;
  }

  var ended = false;
  function refreshBalance() {
    if (ended) return;
    call('/api/balance', {}).then(function (answer) {
      if (answer.status === 200) {
        showBalance(answer.body.balance);
        showFreeSpins(answer.body.freeSpinsLeft);
      } else failed(answer);
    }, networkFailed);
  }
  refreshBalance();
  // While the page is open and nothing is played, it still asks now and then: that renews the
  // launch while the player's session lives, and says so as soon as it has ended.
  if (config.kind !== 'live') window.setInterval(refreshBalance, config.keepAliveMs);

  // ---- the slot -----------------------------------------------------------------------------

  var SYMBOL_NAMES = { seven: 'Seven', bar: 'Bar', bell: 'Bell', cherry: 'Cherry', lemon: 'Lemon', orange: 'Orange' };
  var SYMBOL_GLYPHS = { seven: '7', bar: '▬', bell: '🔔', cherry: '🍒', lemon: '🍋', orange: '🍊' };

  function slot() {
    var lineBet = document.getElementById('line-bet');
    var stake = document.getElementById('stake');
    var spin = document.getElementById('spin');
    var win = document.getElementById('win');
    var toggle = document.getElementById('info-toggle');
    var info = document.getElementById('info');
    fillOptions(lineBet, config.lineBets);
    function showStake() {
      stake.textContent = money(Number(lineBet.value) * config.lines);
    }
    lineBet.addEventListener('change', showStake);
    showStake();
    toggle.addEventListener('click', function () {
      var open = info.hidden;
      info.hidden = !open;
      toggle.setAttribute('aria-expanded', String(open));
    });

    function showWindow(grid) {
      grid.forEach(function (reel, reelIndex) {
        reel.forEach(function (symbol, row) {
          var cell = document.querySelector('.cell[data-reel="' + reelIndex + '"][data-row="' + row + '"]');
          cell.textContent = SYMBOL_GLYPHS[symbol] || '?';
          cell.className = 'cell symbol-' + symbol;
          cell.setAttribute('aria-label', SYMBOL_NAMES[symbol] || symbol);
        });
      });
    }

    var pending = null;
    function press(id, startedAt) {
      call('/api/slot/spin', { requestId: id, lineBet: lineBet.value }).then(function (answer) {
        if (answer.status === 429 && answer.body && answer.body.retryAfterMs) {
          // UKGC RTS 14D: the provider holds the spin until 2.5 s after the previous one started.
          pending = setTimeout(function () { press(id, startedAt); }, Number(answer.body.retryAfterMs));
          return;
        }
        // The reels turn for at least the market's minimum round time (2.5 s in GG).
        var wait = Math.max(0, config.minRoundMs - (Date.now() - startedAt));
        pending = setTimeout(function () {
          pending = null;
          spin.disabled = false;
          document.getElementById('reels').classList.remove('spinning');
          if (answer.status !== 200) return failed(answer);
          var round = answer.body;
          balanceElement.textContent = money(round.balance);
          if (round.result !== 'SUCCESS') return refused(round.result);
          showWindow(round.window);
          win.textContent = money(round.win);
          showFreeSpins(round.freeSpinsLeft);
          if (round.freeSpin) say('Free spin: ' + (Number(round.win) > 0 ? 'you win ' + money(round.win) + ' into your bonus.' : 'no win this time.') + ' ' + round.freeSpinsLeft + ' left.');
          else say(Number(round.win) > 0 ? 'You win ' + money(round.win) + ' on ' + round.lines.length + (round.lines.length === 1 ? ' line.' : ' lines.') : 'No win this time.');
          tell({ type: 'round-ended', roundId: round.roundId, bet: round.bet, win: round.win, balance: round.balance, currency: round.currency });
          tell({ type: 'balance', balance: round.balance, currency: round.currency });
        }, wait);
      }, function () {
        spin.disabled = false;
        document.getElementById('reels').classList.remove('spinning');
        networkFailed();
      });
    }

    spin.addEventListener('click', function () {
      if (spin.disabled || pending !== null) return;
      spin.disabled = true;
      warn('');
      say('Spinning…');
      document.getElementById('reels').classList.add('spinning');
      press(requestId(), Date.now());
    });
  }

  // ---- roulette and the live table: the bet builder ---------------------------------------------

  var KIND_LABELS = { straight: 'Straight up', red: 'Red', black: 'Black', odd: 'Odd', even: 'Even', low: '1 to 18', high: '19 to 36', dozen: 'Dozen' };
  var DOZEN_LABELS = { 1: '1 to 12', 2: '13 to 24', 3: '25 to 36' };

  function betBuilder() {
    var bets = [];
    var kind = document.getElementById('bet-kind');
    var number = document.getElementById('bet-number');
    var dozen = document.getElementById('bet-dozen');
    var chip = document.getElementById('chip');
    var list = document.getElementById('bets');
    var total = document.getElementById('total');
    document.getElementById('limit-min').textContent = money(config.limits.min);
    document.getElementById('limit-max').textContent = money(config.limits.max);
    fillOptions(chip, config.chips);

    function describe(bet) {
      if (bet.kind === 'straight') return 'Number ' + bet.value;
      if (bet.kind === 'dozen') return 'Dozen ' + DOZEN_LABELS[bet.value];
      return KIND_LABELS[bet.kind];
    }
    function render() {
      list.textContent = '';
      var sum = 0;
      bets.forEach(function (bet, index) {
        sum += Number(bet.amount);
        var item = document.createElement('li');
        item.textContent = describe(bet) + ': ' + money(bet.amount) + ' ';
        var remove = document.createElement('button');
        remove.type = 'button';
        remove.textContent = 'Remove';
        remove.setAttribute('aria-label', 'Remove ' + describe(bet) + ', ' + money(bet.amount));
        remove.addEventListener('click', function () {
          bets.splice(index, 1);
          render();
        });
        item.appendChild(remove);
        list.appendChild(item);
      });
      total.textContent = bets.length === 0 ? '–' : money(sum);
    }
    kind.addEventListener('change', function () {
      document.getElementById('number-field').hidden = kind.value !== 'straight';
      document.getElementById('dozen-field').hidden = kind.value !== 'dozen';
    });
    document.getElementById('add-bet').addEventListener('click', function () {
      var bet = { kind: kind.value, amount: chip.value };
      if (kind.value === 'straight') {
        var value = Number(number.value);
        if (!Number.isInteger(value) || value < 0 || value > 36) {
          warn('Choose a number from 0 to 36.');
          number.focus();
          return;
        }
        bet.value = value;
      }
      if (kind.value === 'dozen') bet.value = Number(dozen.value);
      warn('');
      bets.push(bet);
      render();
      say('Added ' + describe(bet) + ', ' + money(bet.amount) + '.');
    });
    document.getElementById('clear-bets').addEventListener('click', function () {
      bets = [];
      render();
      say('Bets cleared.');
    });
    render();
    return {
      bets: function () { return bets.slice(); },
      clear: function () { bets = []; render(); },
    };
  }

  function pocketText(pocket, colour) {
    return pocket + ' ' + colour;
  }

  function roulette() {
    var builder = betBuilder();
    var spin = document.getElementById('spin');
    var result = document.getElementById('result');
    spin.addEventListener('click', function () {
      var bets = builder.bets();
      if (bets.length === 0) return warn('Add a bet first.');
      spin.disabled = true;
      warn('');
      say('The ball is spinning…');
      var startedAt = Date.now();
      call('/api/roulette/spin', { requestId: requestId(), bets: bets }).then(function (answer) {
        setTimeout(function () {
          spin.disabled = false;
          if (answer.status !== 200) return failed(answer);
          var round = answer.body;
          balanceElement.textContent = money(round.balance);
          if (round.result !== 'SUCCESS') return refused(round.result);
          result.textContent = pocketText(round.pocket, round.colour);
          say(pocketText(round.pocket, round.colour) + '. ' + (Number(round.win) > 0 ? 'You win ' + money(round.win) + '.' : 'No win this time.'));
          tell({ type: 'round-ended', roundId: round.roundId, bet: round.bet, win: round.win, balance: round.balance, currency: round.currency });
          tell({ type: 'balance', balance: round.balance, currency: round.currency });
        }, Math.max(0, config.minRoundMs - (Date.now() - startedAt)));
      }, function () {
        spin.disabled = false;
        networkFailed();
      });
    });
  }

  function live() {
    var builder = betBuilder();
    var place = document.getElementById('place');
    var roundElement = document.getElementById('round');
    var phaseElement = document.getElementById('phase');
    var countdown = document.getElementById('countdown');
    var placed = document.getElementById('placed');
    var recent = document.getElementById('recent');
    var mine = document.getElementById('mine');
    var lastPhase = null;
    var lastResult = null;
    var skew = 0;
    var state = null;

    function fillList(list, items, text) {
      list.textContent = '';
      items.forEach(function (item) {
        var entry = document.createElement('li');
        entry.textContent = text(item);
        list.appendChild(entry);
      });
    }

    function render() {
      if (!state) return;
      roundElement.textContent = String(state.round);
      var now = Date.now() + skew;
      var left = Math.max(0, Math.ceil(((state.phase === 'betting' ? state.bettingEndsAt : state.endsAt) - now) / 1000));
      countdown.textContent = left + ' s';
      if (state.phase !== lastPhase) {
        phaseElement.textContent = state.phase === 'betting' ? 'place your bets' : 'no more bets';
        lastPhase = state.phase;
      }
      place.disabled = state.phase !== 'betting' || state.placed !== null;
      placed.textContent = state.placed ? money(state.placed.bet) : '–';
    }

    function poll() {
      call('/api/live/state', {}).then(function (answer) {
        if (answer.status !== 200) {
          failed(answer);
          if (answer.status === 401) return;
        } else {
          state = answer.body;
          skew = state.now - Date.now();
          balanceElement.textContent = money(state.balance);
          fillList(recent, state.recent, function (item) { return 'Round ' + item.round + ': ' + pocketText(item.pocket, item.colour); });
          fillList(mine, state.results, function (item) {
            return 'Round ' + item.round + ': ' + pocketText(item.pocket, item.colour) + '. Bet ' + money(item.bet) + ', won ' + money(item.win);
          });
          var newest = state.results[0];
          if (newest && lastResult !== null && newest.round !== lastResult) {
            say('Round ' + newest.round + ': ' + pocketText(newest.pocket, newest.colour) + '. ' + (Number(newest.win) > 0 ? 'You win ' + money(newest.win) + '.' : 'No win this time.'));
            tell({ type: 'round-ended', roundId: 'live-' + newest.round, bet: newest.bet, win: newest.win, balance: state.balance, currency: state.currency });
            tell({ type: 'balance', balance: state.balance, currency: state.currency });
          }
          lastResult = newest ? newest.round : 0;
          render();
        }
        setTimeout(poll, config.live.pollMs);
      }, function () {
        networkFailed();
        setTimeout(poll, config.live.pollMs * 5);
      });
    }

    place.addEventListener('click', function () {
      var bets = builder.bets();
      if (bets.length === 0) return warn('Add a bet first.');
      place.disabled = true;
      warn('');
      call('/api/live/bet', { requestId: requestId(), bets: bets }).then(function (answer) {
        if (answer.status !== 200) {
          place.disabled = false;
          return failed(answer);
        }
        balanceElement.textContent = money(answer.body.balance);
        if (answer.body.result !== 'SUCCESS') {
          place.disabled = false;
          return refused(answer.body.result);
        }
        builder.clear();
        say('Bets placed for round ' + answer.body.round + ': ' + money(answer.body.bet) + '.');
        tell({ type: 'balance', balance: answer.body.balance, currency: config.currency });
        if (state) state.placed = { round: answer.body.round, bet: answer.body.bet };
        render();
      }, function () {
        place.disabled = false;
        networkFailed();
      });
    });

    poll();
    setInterval(render, 500);
  }

  if (config.kind === 'slot') slot();
  else if (config.kind === 'roulette') roulette();
  else live();
})();
