import type { BrowserContext, Page, Route } from 'playwright-core';

/**
 * A fake of Stripe.js for the browser tests (issue 18), served by Playwright at https://js.stripe.com/** in place of
 * the real script, so the billing pages run offline against the fake Stripe (test/fakes/stripe.ts).
 *
 * It is the surface that @stripe/stripe-js (loadStripe) and @stripe/react-stripe-js (<Elements>, <PaymentElement>)
 * use: `window.Stripe(publishableKey)` with `Stripe.version` (the release train loadStripe expects), and on the
 * instance `elements()`, `confirmPayment()`, `retrievePaymentIntent()`, `handleNextAction()`, `confirmCardPayment()`,
 * `registerAppInfo()` and `_registerWrapper()` (plus the methods react-stripe-js checks for, which answer that the
 * fake does not do them). The Elements group has `create('payment')`, `getElement`, `update`, `fetchUpdates`,
 * `submit` and `on`/`off`; the payment element has `mount`, `unmount`, `destroy`, `on`/`once`/`off`, `update`,
 * `focus`, `blur`, `clear` and `collapse`.
 *
 * The payment element is plain DOM inside its container (no iframe): a tab row with "Card", and inputs labelled
 * "Card number" (#Field-numberInput), "Expiration" (#Field-expiryInput, MM / YY) and "CVC" (#Field-cvcInput).
 * Mounting reads the intent with the publishable key and the client secret, as Stripe's element does: it fires
 * `loaderstart`, then `ready`, or `loaderror` when Stripe refuses the secret or the intent is already paid or
 * canceled. Typing fires `change` events `{ elementType: 'payment', complete, empty, collapsed, value: { type:
 * 'card' } }`: complete once the number has 12 digits or more, the expiry a valid month and year, the CVC 3 or 4
 * digits. `focus`, `blur` and `escape` fire as their names say.
 *
 * `confirmPayment` rejects with an IntegrationError, as Stripe.js does, when the element was told not to collect the
 * billing country or postal code (`fields.billingDetails`) and confirmParams does not carry them; it checks the
 * inputs (validation_error incomplete_number / incomplete_expiry / incomplete_cvc),
 * then POSTs https://api.stripe.com/v1/payment_intents/{id}/confirm with the publishable key, the client secret,
 * `test_card` (the number typed: the fake server decides the outcome from it, as Stripe does from its test cards),
 * `payment_method_data` (with confirmParams' billing details) and `return_url`. It resolves as Stripe.js does:
 * `{ paymentIntent }` (with `redirect: 'if_required'`, no navigation), or `{ error }` with Stripe's card error
 * (`type: 'card_error'`, `code`, `decline_code`, `message`, `payment_intent`); without `if_required` a success
 * navigates to return_url with `payment_intent`, `payment_intent_client_secret` and `redirect_status`. A card that
 * requires 3D Secure opens a dialog ("3D Secure authentication") with "Complete authentication" and "Fail
 * authentication" buttons, as Stripe's test page does; failing it resolves `{ error }` with
 * payment_intent_authentication_failure.
 *
 * `window.__fakeStripe` keeps what the page registered (wrappers, appInfo) and the instances, for assertions.
 */
export const FAKE_STRIPE_JS = String.raw`(function () {
  'use strict';
  if (window.Stripe && window.Stripe.__fake) return;

  var API = 'https://api.stripe.com/v1';
  var registry = { wrappers: [], appInfo: [], instances: [] };
  var CONNECTION_ERROR = {
    type: 'api_connection_error',
    message: 'An error occurred with our connection to Stripe. Request was retried 3 times.'
  };

  function integrationError(message) {
    var error = new Error(message);
    error.name = 'IntegrationError';
    return error;
  }

  function assign(target) {
    for (var index = 1; index < arguments.length; index += 1) {
      var source = arguments[index] || {};
      Object.keys(source).forEach(function (key) { target[key] = source[key]; });
    }
    return target;
  }

  function intentIdOf(clientSecret) {
    var at = String(clientSecret).indexOf('_secret_');
    if (typeof clientSecret !== 'string' || at <= 0 || clientSecret.indexOf('pi_') !== 0) {
      throw integrationError('Invalid value for clientSecret: expected a PaymentIntent client secret of the form pi_..._secret_.... You passed: ' + clientSecret + '.');
    }
    return clientSecret.slice(0, at);
  }

  /** Nested fields as Stripe's form encoding: a[b][c]=v. */
  function flatten(prefix, value, out) {
    if (value === undefined || value === null) return out;
    if (typeof value === 'object') {
      Object.keys(value).forEach(function (key) {
        flatten(prefix ? prefix + '[' + key + ']' : key, value[key], out);
      });
    } else {
      out.append(prefix, String(value));
    }
    return out;
  }

  /** A call of Stripe's API as Stripe.js makes it: form-encoded, the publishable key in the body (a simple CORS request). */
  function call(method, path, fields) {
    var body = flatten('', fields, new URLSearchParams());
    var url = API + path + (method === 'GET' ? '?' + body.toString() : '');
    var init = method === 'GET' ? { method: 'GET' } : { method: method, body: body };
    return fetch(url, init).then(
      function (response) {
        return response.json().then(function (json) { return { status: response.status, body: json }; });
      },
      function () { return { status: 0, body: { error: CONNECTION_ERROR } }; }
    );
  }

  function el(tag, attributes, text) {
    var node = document.createElement(tag);
    Object.keys(attributes || {}).forEach(function (name) { node.setAttribute(name, attributes[name]); });
    if (text) node.textContent = text;
    return node;
  }

  function emitter() {
    var listeners = {};
    return {
      on: function (name, handler) { (listeners[name] = listeners[name] || []).push(handler); },
      off: function (name, handler) {
        if (!listeners[name]) return;
        listeners[name] = handler ? listeners[name].filter(function (candidate) { return candidate !== handler; }) : [];
      },
      emit: function (name, payload) {
        (listeners[name] || []).slice().forEach(function (handler) {
          try { handler(payload); } catch (error) { setTimeout(function () { throw error; }); }
        });
      }
    };
  }

  // ------------------------------------------------------------ the payment element

  function createPaymentElement(stripe, group, options) {
    var events = emitter();
    var state = { mounted: false, destroyed: false, root: null, inputs: null, error: null, options: assign({}, options) };

    function digitsOf(input) { return input ? input.value.replace(/\D/g, '') : ''; }
    function fields() {
      var inputs = state.inputs || {};
      var expiry = digitsOf(inputs.expiry);
      var month = Number(expiry.slice(0, 2));
      return {
        number: digitsOf(inputs.number),
        expiry: expiry,
        monthValid: month >= 1 && month <= 12,
        cvc: digitsOf(inputs.cvc)
      };
    }
    function problem() {
      if (!state.inputs) return { type: 'validation_error', code: 'incomplete', message: 'The payment form is not ready yet.' };
      var current = fields();
      if (current.number.length < 12) return { type: 'validation_error', code: 'incomplete_number', message: 'Your card number is incomplete.' };
      if (current.expiry.length < 4) return { type: 'validation_error', code: 'incomplete_expiry', message: "Your card's expiration date is incomplete." };
      if (!current.monthValid) return { type: 'validation_error', code: 'invalid_expiry_month', message: "Your card's expiration month is invalid." };
      if (current.cvc.length < 3) return { type: 'validation_error', code: 'incomplete_cvc', message: "Your card's security code is incomplete." };
      return null;
    }
    function changed() {
      var current = fields();
      showError(null);
      events.emit('change', {
        elementType: 'payment',
        complete: !problem(),
        empty: !current.number && !current.expiry && !current.cvc,
        collapsed: false,
        value: { type: 'card' }
      });
    }
    function showError(message) {
      if (!state.error) return;
      state.error.textContent = message || '';
      state.error.hidden = !message;
    }

    function formatNumber(input) {
      var digits = input.value.replace(/\D/g, '').slice(0, 19);
      input.value = digits.replace(/(\d{4})(?=\d)/g, '$1 ');
    }
    function formatExpiry(input) {
      var digits = input.value.replace(/\D/g, '').slice(0, 4);
      input.value = digits.length > 2 ? digits.slice(0, 2) + ' / ' + digits.slice(2) : digits;
    }
    function formatCvc(input) {
      input.value = input.value.replace(/\D/g, '').slice(0, 4);
    }

    function field(parent, id, label, attributes, format) {
      var wrapper = el('div', { 'class': 'FakeStripe-field' });
      wrapper.style.cssText = 'display:flex;flex-direction:column;gap:4px;margin:8px 0';
      var input = el('input', assign({ id: id, type: 'text', spellcheck: 'false' }, attributes));
      input.style.cssText = 'padding:8px;border:1px solid #ccc;border-radius:4px;font:inherit';
      wrapper.appendChild(el('label', { 'for': id }, label));
      wrapper.appendChild(input);
      parent.appendChild(wrapper);
      input.addEventListener('input', function () { format(input); changed(); });
      input.addEventListener('focus', function () { events.emit('focus', { elementType: 'payment' }); });
      input.addEventListener('blur', function () { events.emit('blur', { elementType: 'payment' }); });
      input.addEventListener('keydown', function (event) {
        if (event.key === 'Escape') events.emit('escape', { elementType: 'payment' });
      });
      return input;
    }

    function render(container) {
      var root = el('div', { 'class': 'FakeStripe-PaymentElement', 'data-testid': 'fake-stripe-payment-element' });
      var tabs = el('div', { role: 'tablist', 'aria-label': 'Payment method' });
      var tab = el('button', { type: 'button', role: 'tab', id: 'FakeStripe-card-tab', 'aria-selected': 'true', 'aria-controls': 'FakeStripe-card-panel' }, 'Card');
      tabs.appendChild(tab);
      root.appendChild(tabs);
      var panel = el('div', { role: 'tabpanel', id: 'FakeStripe-card-panel', 'aria-labelledby': 'FakeStripe-card-tab' });
      state.inputs = {
        number: field(panel, 'Field-numberInput', 'Card number', { inputmode: 'numeric', autocomplete: 'cc-number', placeholder: '1234 1234 1234 1234' }, formatNumber),
        expiry: field(panel, 'Field-expiryInput', 'Expiration', { inputmode: 'numeric', autocomplete: 'cc-exp', placeholder: 'MM / YY' }, formatExpiry),
        cvc: field(panel, 'Field-cvcInput', 'CVC', { inputmode: 'numeric', autocomplete: 'cc-csc', placeholder: 'CVC' }, formatCvc)
      };
      state.error = el('div', { 'class': 'FakeStripe-error', role: 'alert' });
      state.error.hidden = true;
      state.error.style.cssText = 'color:#df1b41';
      panel.appendChild(state.error);
      root.appendChild(panel);
      container.appendChild(root);
      state.root = root;
    }

    /** Reads the intent as the real element does before it shows: Stripe must know the client secret. */
    function load() {
      var clientSecret = group._options.clientSecret;
      if (!clientSecret) return Promise.resolve({});
      return call('GET', '/payment_intents/' + intentIdOf(clientSecret), { key: stripe._key, client_secret: clientSecret }).then(function (answer) {
        if (answer.body.error) return { error: answer.body.error };
        if (answer.body.status === 'succeeded' || answer.body.status === 'canceled') {
          return {
            error: {
              type: 'invalid_request_error',
              code: 'payment_intent_unexpected_state',
              message: 'This PaymentIntent has a status of ' + answer.body.status + ' and cannot be paid.'
            }
          };
        }
        return {};
      });
    }

    var element = {
      mount: function (target) {
        if (state.destroyed) throw integrationError('This Element has already been destroyed. Please create a new one.');
        if (state.mounted) throw integrationError('This Element is already mounted. Use unmount() to unmount the Element before re-mounting.');
        var container = typeof target === 'string' ? document.querySelector(target) : target;
        if (!container) throw integrationError('The selector you specified (' + target + ') applies to no DOM elements that are currently on the page.');
        state.mounted = true;
        events.emit('loaderstart', { elementType: 'payment' });
        load().then(function (result) {
          if (!state.mounted) return;
          if (result.error) {
            events.emit('loaderror', { elementType: 'payment', error: result.error });
            return;
          }
          render(container);
          setTimeout(function () {
            if (state.mounted) events.emit('ready', { elementType: 'payment' });
          }, 0);
        });
      },
      unmount: function () {
        if (state.root && state.root.parentNode) state.root.parentNode.removeChild(state.root);
        state.root = null;
        state.inputs = null;
        state.error = null;
        state.mounted = false;
      },
      destroy: function () {
        element.unmount();
        state.destroyed = true;
        if (group._elements.payment === element) delete group._elements.payment;
      },
      on: function (name, handler) { events.on(name, handler); return element; },
      once: function (name, handler) {
        var wrapped = function (payload) { events.off(name, wrapped); handler(payload); };
        events.on(name, wrapped);
        return element;
      },
      off: function (name, handler) { events.off(name, handler); return element; },
      update: function (changes) { assign(state.options, changes || {}); },
      focus: function () { if (state.inputs) state.inputs.number.focus(); },
      blur: function () {
        var active = document.activeElement;
        if (active && state.root && state.root.contains(active)) active.blur();
      },
      clear: function () {
        if (!state.inputs) return;
        state.inputs.number.value = '';
        state.inputs.expiry.value = '';
        state.inputs.cvc.value = '';
        changed();
      },
      collapse: function () { return element; },
      _isMounted: function () { return state.mounted && !!state.inputs; },
      _problem: problem,
      _card: function () { return fields().number; },
      /** The address fields the page said the element must not collect ('never'): confirmPayment must get them. */
      _withheld: function () {
        var details = (state.options.fields || {}).billingDetails;
        var address = details === 'never' ? 'never' : (details || {}).address;
        return [{ option: 'country', param: 'country' }, { option: 'postalCode', param: 'postal_code' }].filter(function (field) {
          return address === 'never' || (address && address[field.option] === 'never');
        });
      },
      _showError: showError
    };
    return element;
  }

  // ------------------------------------------------------------ the Elements group

  function createElements(stripe, options) {
    if (options.clientSecret) intentIdOf(options.clientSecret);
    var events = emitter();
    var group = { _options: assign({}, options), _elements: {} };
    group.create = function (type, elementOptions) {
      if (type !== 'payment') throw integrationError('The fake Stripe.js makes the payment Element only, not ' + type + '.');
      if (group._elements.payment) throw integrationError('Can only create one Element of type payment.');
      if (!group._options.clientSecret && !group._options.mode) {
        throw integrationError('In order to create a payment element, you must pass a clientSecret or mode when creating the Elements group.');
      }
      group._elements.payment = createPaymentElement(stripe, group, elementOptions || {});
      return group._elements.payment;
    };
    group.getElement = function (type) { return group._elements[type] || null; };
    group.update = function (changes) {
      assign(group._options, changes || {});
      setTimeout(function () { events.emit('update-end'); }, 0);
      return Promise.resolve();
    };
    group.fetchUpdates = function () { return Promise.resolve({}); };
    group.submit = function () {
      var element = group._elements.payment;
      var problem = element ? element._problem() : { type: 'validation_error', message: 'No payment Element is mounted.' };
      if (problem && element) element._showError(problem.message);
      return Promise.resolve(problem ? { error: problem } : { selectedPaymentMethod: 'card' });
    };
    group.on = function (name, handler) { events.on(name, handler); };
    group.off = function (name, handler) { events.off(name, handler); };
    stripe._groups.push(group);
    return group;
  }

  // ------------------------------------------------------------ confirming

  function withQuery(url, params) {
    var target = new URL(url, window.location.href);
    Object.keys(params).forEach(function (key) { target.searchParams.set(key, params[key]); });
    return target.href;
  }

  /** Stripe's test 3D Secure page, as a dialog: the customer completes or fails the authentication. */
  function authenticate(stripe, intent, clientSecret) {
    return new Promise(function (resolve) {
      var overlay = el('div', { role: 'dialog', 'aria-modal': 'true', 'aria-label': '3D Secure authentication' });
      overlay.style.cssText = 'position:fixed;inset:0;z-index:2147483647;background:rgba(0,0,0,0.5);display:flex;align-items:center;justify-content:center';
      var box = el('div');
      box.style.cssText = 'background:#fff;color:#000;padding:24px;border-radius:8px;max-width:360px;font:16px sans-serif';
      box.appendChild(el('h2', {}, '3D Secure authentication'));
      box.appendChild(el('p', {}, 'This is a test payment of ' + (intent.amount / 100).toFixed(2) + ' ' + String(intent.currency).toUpperCase() + '. Complete or fail the authentication.'));
      var complete = el('button', { type: 'button' }, 'Complete authentication');
      var fail = el('button', { type: 'button' }, 'Fail authentication');
      box.appendChild(complete);
      box.appendChild(fail);
      overlay.appendChild(box);
      function finish(result) {
        if (overlay.parentNode) overlay.parentNode.removeChild(overlay);
        call('POST', '/payment_intents/' + intent.id + '/test_authentication', {
          key: stripe._key,
          client_secret: clientSecret,
          result: result
        }).then(resolve);
      }
      complete.addEventListener('click', function () { finish('complete'); });
      fail.addEventListener('click', function () { finish('fail'); });
      document.body.appendChild(overlay);
      complete.focus();
    });
  }

  /** What a confirmation answers: the intent, Stripe's error, a 3D Secure step first, or a redirect. */
  function settle(stripe, answer, clientSecret, how) {
    var body = answer.body;
    if (body.error) {
      if (how.element) how.element._showError(body.error.message);
      return { error: body.error };
    }
    if (body.status === 'requires_action' && how.handleActions !== false) {
      return authenticate(stripe, body, clientSecret).then(function (after) {
        return settle(stripe, after, clientSecret, how);
      });
    }
    if (body.status === 'requires_payment_method' && body.last_payment_error) {
      return { error: assign({}, body.last_payment_error, { payment_intent: body }) };
    }
    if (how.redirect === 'always' && (body.status === 'succeeded' || body.status === 'processing')) {
      window.location.assign(withQuery(how.returnUrl, {
        payment_intent: body.id,
        payment_intent_client_secret: clientSecret,
        redirect_status: body.status
      }));
      return new Promise(function () {});
    }
    return { paymentIntent: body };
  }

  function confirmPayment(stripe, params) {
    var elements = params.elements;
    var confirmParams = params.confirmParams || {};
    var redirect = params.redirect === 'if_required' ? 'if_required' : 'always';
    var clientSecret = params.clientSecret || (elements && elements._options.clientSecret);
    if (!clientSecret) {
      return Promise.reject(integrationError('stripe.confirmPayment(): expected either elements with a clientSecret, or clientSecret.'));
    }
    if (redirect === 'always' && !confirmParams.return_url) {
      return Promise.reject(integrationError("stripe.confirmPayment(): the confirmParams.return_url argument is required unless passing redirect: 'if_required'."));
    }
    var element = elements && elements.getElement('payment');
    if (!element || !element._isMounted()) {
      return Promise.reject(integrationError('stripe.confirmPayment(): no mounted payment Element to confirm with.'));
    }
    var paymentMethodData = assign({ type: 'card' }, confirmParams.payment_method_data);
    var missing = element._withheld().filter(function (field) {
      var address = (paymentMethodData.billing_details || {}).address || {};
      return !address[field.param];
    })[0];
    if (missing) {
      return Promise.reject(integrationError('You specified "never" for fields.billing_details.address.' + missing.option +
        ' when creating the payment Element, but did not pass confirmParams.payment_method_data.billing_details.address.' +
        missing.param + ' when calling stripe.confirmPayment(). If you opt out of collecting data via the payment Element using the fields option, the data must be passed in when calling stripe.confirmPayment().'));
    }
    var problem = element._problem();
    if (problem) {
      element._showError(problem.message);
      return Promise.resolve({ error: problem });
    }
    var id;
    try { id = intentIdOf(clientSecret); } catch (error) { return Promise.reject(error); }
    return call('POST', '/payment_intents/' + id + '/confirm', {
      key: stripe._key,
      client_secret: clientSecret,
      test_card: element._card(),
      payment_method_data: paymentMethodData,
      expected_payment_method_type: 'card',
      use_stripe_sdk: 'true',
      return_url: confirmParams.return_url
    }).then(function (answer) {
      return settle(stripe, answer, clientSecret, { element: element, redirect: redirect, returnUrl: confirmParams.return_url });
    });
  }

  function retrievePaymentIntent(stripe, clientSecret) {
    var id;
    try { id = intentIdOf(clientSecret); } catch (error) { return Promise.reject(error); }
    return call('GET', '/payment_intents/' + id, { key: stripe._key, client_secret: clientSecret }).then(function (answer) {
      return answer.body.error ? { error: answer.body.error } : { paymentIntent: answer.body };
    });
  }

  function unsupported(name) {
    return function () {
      return Promise.resolve({
        error: { type: 'invalid_request_error', message: 'The fake Stripe.js does not implement ' + name + '.' }
      });
    };
  }

  function createStripe(key, options) {
    if (typeof key !== 'string' || !/^pk_(test|live)_/.test(key)) {
      throw integrationError('Invalid value for Stripe(): apiKey should be a string. You specified: ' + key + '.');
    }
    var stripe = { _key: key, _options: options || {}, _groups: [] };
    assign(stripe, {
      elements: function (elementsOptions) { return createElements(stripe, elementsOptions || {}); },
      confirmPayment: function (params) { return confirmPayment(stripe, params || {}); },
      retrievePaymentIntent: function (clientSecret) { return retrievePaymentIntent(stripe, clientSecret); },
      handleNextAction: function (params) {
        var clientSecret = params && params.clientSecret;
        return retrievePaymentIntent(stripe, clientSecret).then(function (result) {
          if (result.error) return result;
          return settle(stripe, { status: 200, body: result.paymentIntent }, clientSecret, { redirect: 'if_required' });
        });
      },
      handleCardAction: function (clientSecret) { return stripe.handleNextAction({ clientSecret: clientSecret }); },
      confirmCardPayment: function (clientSecret, data, confirmOptions) {
        var paymentMethod = data && data.payment_method;
        var element = null;
        stripe._groups.forEach(function (group) { element = element || group.getElement('payment'); });
        var card = typeof paymentMethod === 'string' ? paymentMethod : element && element._isMounted() ? element._card() : null;
        if (!card) return Promise.resolve({ error: { type: 'validation_error', message: 'No card to confirm with.' } });
        var id;
        try { id = intentIdOf(clientSecret); } catch (error) { return Promise.reject(error); }
        return call('POST', '/payment_intents/' + id + '/confirm', {
          key: stripe._key,
          client_secret: clientSecret,
          test_card: card
        }).then(function (answer) {
          return settle(stripe, answer, clientSecret, {
            element: element,
            redirect: 'if_required',
            handleActions: !confirmOptions || confirmOptions.handleActions !== false
          });
        });
      },
      createToken: unsupported('createToken'),
      createPaymentMethod: unsupported('createPaymentMethod'),
      createConfirmationToken: unsupported('createConfirmationToken'),
      confirmSetup: unsupported('confirmSetup'),
      retrieveSetupIntent: unsupported('retrieveSetupIntent'),
      paymentRequest: function () { throw integrationError('The fake Stripe.js has no payment request button.'); },
      registerAppInfo: function (info) { registry.appInfo.push(info); },
      _registerWrapper: function (wrapper) { registry.wrappers.push(wrapper); }
    });
    registry.instances.push(stripe);
    return stripe;
  }

  var Stripe = function Stripe(key, options) { return createStripe(key, options); };
  // The release train @stripe/stripe-js expects (it warns about another one).
  Stripe.version = 'endive';
  Stripe.__fake = true;
  window.Stripe = Stripe;
  window.__fakeStripe = registry;
})();
`;

/** Request headers that belong to the browser's connection, not to the request forwarded to the fake server. */
const HOP_BY_HOP = new Set([
  'host',
  'connection',
  'content-length',
  'accept-encoding',
  'keep-alive',
  'transfer-encoding',
]);

/**
 * Serves the fake Stripe.js at https://js.stripe.com/** and forwards https://api.stripe.com/** (Stripe.js's calls)
 * and https://checkout.stripe.com/** (the hosted Checkout page) to the fake Stripe server, with their method,
 * headers and body, answering its status, headers and body (redirects included, for the browser to follow).
 * The page's Content-Security-Policy still applies, as it would to the real Stripe.js.
 */
export async function installFakeStripe(page: Page | BrowserContext, fake: { url: string }): Promise<void> {
  await page.route('https://js.stripe.com/**', (route) =>
    route.fulfill({
      status: 200,
      contentType: 'application/javascript; charset=utf-8',
      headers: { 'access-control-allow-origin': '*', 'cache-control': 'no-store' },
      body: FAKE_STRIPE_JS,
    }),
  );
  const forward = (route: Route) => forwardTo(fake.url, route);
  await page.route('https://api.stripe.com/**', forward);
  await page.route('https://checkout.stripe.com/**', forward);
}

async function forwardTo(base: string, route: Route): Promise<void> {
  const request = route.request();
  const url = new URL(request.url());
  const headers = Object.fromEntries(
    Object.entries(await request.allHeaders()).filter(([name]) => !HOP_BY_HOP.has(name) && !name.startsWith(':')),
  );
  const method = request.method();
  const body = request.postDataBuffer();
  let response: Response;
  try {
    response = await fetch(`${base}${url.pathname}${url.search}`, {
      method,
      headers,
      ...(method === 'GET' || method === 'HEAD' || !body ? {} : { body: new Uint8Array(body) }),
      redirect: 'manual',
    });
  } catch {
    await route.abort('connectionrefused');
    return;
  }
  const answered = Object.fromEntries(
    [...response.headers].filter(
      ([name]) => !['content-encoding', 'content-length', 'transfer-encoding'].includes(name),
    ),
  );
  await route.fulfill({ status: response.status, headers: answered, body: Buffer.from(await response.arrayBuffer()) });
}
