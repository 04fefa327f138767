## General

welcome =
    👋 Hi{$name ->
        [none] {""}
       *[other] , {$name}
    }! I swap one cryptocurrency for another: no account, no sign-up.

    Tap /exchange to start a swap, or ask for a quote, for example <code>/rate 0.5 btc eth</code>.
    You can also search coins anywhere by typing <code>@{$bot} btc</code>.
    /help lists everything I can do.

help =
    <b>What I do</b>
    I exchange one coin for another through an instant-exchange service. You pick the coins and the amount, see the quote, give the address where you want to receive, and I give you a deposit address. I tell you every time your swap moves on.

    <b>Commands</b>
    {$commands}

    <b>Tips</b>
    • Every step accepts typed text as well as buttons: coin codes (<code>btc</code>), names (<code>monero</code>), amounts (<code>0.5</code> or <code>0,5</code>).
    • At the amount step, <code>5 eth</code> is the amount to receive (the receive coin's code) and <code>$100</code> or <code>100 usd</code> the amount worth that many US dollars.
    • A coin can carry a network: <code>usdt trc20</code> or <code>usdt@trc20</code>.
    • Search coins from any chat: <code>@{$bot} eth</code>.

cmd-start = welcome and how to begin
cmd-exchange = swap one coin for another
cmd-rate = quote, e.g. /rate 0.5 btc eth
cmd-currencies = browse or search the coins
cmd-status = status of your swap (latest, or by id)
cmd-history = your swaps, newest first
cmd-cancel = leave the current step-by-step flow
cmd-help = commands and how-to

error-generic = 😕 Something went wrong on my side. Please try again in a moment.
error-storage = ⏳ The bot is briefly unavailable. Your swaps are safe: please try again in a minute.
error-storage-held = ⏳ The bot is briefly unavailable. Your swaps are safe, and I will answer this message as soon as I am back: no need to send it again.
exchange-busy = ⏳ The exchange is busy right now. Please try again in {$seconds} s.
exchange-unavailable = 🔌 The exchange is temporarily unavailable. Please try again in a few minutes.
exchange-not-found = The exchange does not know this item.
exchange-rejected = ⚠️ The exchange did not accept this: {$reason}
button-expired = This button is no longer active.

## Amounts and coins

amount-not-a-number = “{$input}” is not a number. Type it like <code>0.5</code> or <code>0,5</code>.
amount-negative = The amount must be positive.
amount-zero = The amount must be more than zero.
amount-too-precise = That amount has too many digits.
amount-ambiguous = “{$input}” can be read two ways: {$thousands} (with a thousands comma) or {$decimal} (with a decimal comma). Type the one you mean: <code>{$thousands}</code> or <code>{$decimal}</code>.
coin-unknown = I don't know the coin “{$input}”.
coin-unknown-suggest = I don't know the coin “{$input}”. Did you mean {$suggestions}?
coin-ambiguous = “{$input}” matches several coins: {$options}. Please type the code.
coin-number = “{$input}” is a number, not a coin. Choose the coins first: I ask how much to swap once both are picked.
coin-same = You picked {$coin} on both sides. Choose two different coins.
rate-type-float = floating rate
rate-type-fixed = fixed rate

## /rate

rate-usage =
    Send it like this: <code>/rate AMOUNT FROM TO</code>
    For example: <code>/rate 0.5 btc eth</code>
    Or with the amount to receive: <code>/rate 5 eth from btc</code>, or in dollars: <code>/rate $100 btc eth</code>
quote =
    💱 <b>{$amount} {$from}</b> → <b>{$toAmount} {$to}</b>
    Rate: 1 {$from} {$rate} {$to} ({$rateType})
    Minimum: {$min} {$from} · Maximum: {$max} {$from}
quote-below-min = ⚠️ {$amount} {$from} is below the minimum of <b>{$min} {$from}</b>.
quote-above-max = ⚠️ {$amount} {$from} is above the maximum of <b>{$max} {$from}</b>.
quote-below-min-at = ⚠️ {$amount} {$from} is below the lowest minimum, <b>{$min} {$from}</b> (at {$exchange}).
quote-above-max-at = ⚠️ {$amount} {$from} is above the highest maximum, <b>{$max} {$from}</b> (at {$exchange}).
quote-exchange-note = Note from the exchange: {$message}
quote-offer = 🏦 Exchange: <b>{$exchange}</b>
quote-offer-best-of = best of {$count} exchanges
quote-offer-eta = ⏱ {$min}–{$max} min
quote-offer-eta-one = ⏱ about {$minutes} min
quote-offer-kyc = KYC {$rating}
quote-kyc-legend = KYC ratings: A never asks for identity · B only for flagged funds · C may ask when a swap looks suspicious · D may hold funds until verified.
rate-start-swap = 🔁 Swap {$from} → {$to}

## /currencies

currencies-title = <b>Coins</b> ({$total}) · page {$page} of {$pages}
currencies-title-search = <b>Coins matching “{$query}”</b> ({$total}) · page {$page} of {$pages}
currencies-title-similar = <b>No coin matches “{$query}”</b>. Similar codes and names ({$total}) · page {$page} of {$pages}
currencies-section-exact = <b>{$count ->
        [one] Exact match
       *[other] Exact matches
    }</b>
currencies-section-also = <b>Also matching</b> ({$count})
currencies-section-similar = <b>Similar, in case of a typo</b> ({$count})
currencies-empty = No coin matches “{$query}”. Try a code like <code>btc</code> or a name like <code>monero</code>.
currencies-empty-catalog = The coin list is not loaded yet. Please try again in a minute.
currencies-hint = Search: <code>/currencies name</code> · Quote: <code>/rate 1 btc eth</code>
button-prev = ◀ Back
button-next = Next ▶

## The exchange conversation
## Each prompt contains its own step's word (send, receive, amount, address, refund) and none of the
## later steps' words: scripts and screen-reader users tell the steps apart by them.

flow-ask-from =
    🔁 <b>New swap</b>
    Which coin do you want to <b>send</b>? Tap one or type its code or name (e.g. <code>btc</code>, <code>monero</code>).
flow-ask-to =
    You send <b>{$from}</b>.
    Which coin do you want to <b>receive</b>? Tap one or type its code or name.
flow-ask-amount =
    {$from} → <b>{$to}</b>
    What <b>amount</b> of {$from} do you want to swap? Type a number, e.g. <code>0.5</code>.
flow-amount-limits = Minimum: {$min} {$from}{$max ->
        [none] {""}
       *[other] {" "}· Maximum: {$max} {$from}
    }
flow-network-default = Network for {$coin}: <b>{$network}</b>, the exchange's default. Tap another one to change it.
flow-network-set = Network for {$coin}: {$network}
flow-quoting = ⏳ Getting a quote…
flow-ask-address = Now type the <b>{$to} address</b> where you want to receive the coins.
flow-ask-memo =
    Does this {$coin} address need a payout <b>memo</b> ({$name})? An exchange account or a shared wallet gives one with its address: type it, or tap No memo (or type skip).
flow-memo-default-name = memo or destination tag
flow-memo-again = Type the payout memo for {$coin}, or tap No memo.
flow-memo-problem-empty = Please type the memo, or tap No memo.
flow-memo-problem-tag = A destination tag is a whole number from 0 to 4294967295.
flow-memo-problem-pattern = That is not a valid {$name} for this network.
flow-memo-problem-length = That is too long for a {$name}: at most 100 characters.
flow-memo-problem-characters = A {$name} is one line of plain characters.
payout-memo-line = Payout memo: <code>{$memo}</code>
button-no-memo = No memo ⏭
flow-near-min = ⚠️ This is close to the minimum: if the rate or the limits move before your deposit arrives, a deposit below the minimum can be lost. Consider sending a bit more.
flow-near-max = ⚠️ This is close to the maximum: if the rate or the limits move before your deposit arrives, a deposit above the maximum may be sent back.
flow-amount-range = Type an amount between {$min} and {$max} {$from}.
flow-amount-at-least = Type an amount of at least {$min} {$from}.
flow-amount-again = Type the amount of {$from} to swap, e.g. <code>0.5</code>.
flow-amount-other-units = Or type what you want to receive, e.g. <code>5 {$code}</code>, or its worth in US dollars, e.g. <code>$100</code>.
amount-unknown-unit = “{$unit}” is neither {$from} nor {$to}. Type a number alone for {$from}, a number with <code>{$to}</code> for the amount to receive, or <code>$100</code> / <code>100 usd</code> for dollars.
amount-no-dollar-coin = I cannot price dollars now: the exchange lists no US-dollar stablecoin. Type the amount of {$from}.
amount-no-rate = The exchange named no rate to work that amount out from. Type the amount of {$from}.
flow-amount-dollars = 💵 ${$dollars} ≈ <b>{$amount} {$from}</b> at 1 {$from} ≈ {$price} {$coin}.
flow-amount-receive = To receive {$receive} {$to} you send <b>{$amount} {$from}</b>{$how ->
        [exact] .
       *[rate] {" "}(worked out from the rate: what you receive is an estimate).
    }
flow-ask-refund =
    Optional: a <b>refund</b> address for {$from}, where the exchange returns your coins if the swap fails. Type it, or tap Skip.
flow-summary =
    <b>Please check your swap</b>
    You send: <b>{$amount} {$from}</b>
    You receive: <b>{$toAmount} {$to}</b> ({$rateType})
    Rate: 1 {$from} {$rate} {$to}
    Payout to: <code>{$address}</code>
    Refund to: {$refund}
flow-summary-no-refund = (none)
flow-summary-exchange = Exchange: <b>{$exchange}</b>
flow-summary-ask = Tap Confirm to create the swap, or Cancel.
flow-quote-moved = ℹ️ The rate has changed since your quote; these are the new numbers.
flow-address-problem-empty = Please type an address.
flow-address-problem-spaces = An address has no spaces. Please paste it again.
flow-address-problem-length = That does not look like an address: it is too short or too long.
flow-address-problem-characters = That address contains characters no address has.
flow-address-problem-format = That is not a valid {$coin} address{$network ->
        [none] {""}
       *[other] {" "}on {$network}
    }.
flow-address-again = Type the {$coin} address again.
flow-address-other-network = ⚠️ That is a {$coin} address on {$other}, but this swap pays out on <b>{$network}</b>: coins sent to it there would be lost. To receive on {$other} at this address, tap the button below: the swap is quoted again on {$other}.
flow-network-switched = 🔀 This swap now pays out on <b>{$network}</b>, to <code>{$address}</code>. The new quote:
flow-offer-gone = ℹ️ {$exchange} does not quote this any more: here is the best offer, at {$best}.
flow-refund-again = Type a refund address for {$coin}, or tap Skip.
flow-ask-refund-memo =
    Does this {$coin} address need a memo ({$name}) for a <b>refund</b>? An exchange account or a shared wallet gives one with its address: type it, or tap No memo (or type skip).
flow-refund-memo-again = Type the refund memo for {$coin}, or tap No memo.
refund-memo-line = Refund memo: <code>{$memo}</code>
flow-not-understood = Please type an answer or tap a button below the last message.
flow-step-over = This step is over.
flow-cancelled = ✖ Swap cancelled. Start a new one with /exchange.
flow-nothing-to-cancel = There is nothing to cancel. Start a swap with /exchange.
flow-expired = ⌛ Your previous swap waited too long for an answer and has expired. Let's start a fresh one.
flow-too-many-tries = That is {$count} answers in a row this step could not use. Let's start over: /exchange
flow-creating = ⏳ Creating your swap…
flow-create-failed = Nothing was created. Tap Confirm to try again, or Cancel.
flow-create-rejected = Nothing was created. Start again with /exchange.
flow-failover-refused = ⚠️ {$exchange} refused this swap: {$reason}
flow-failover-unavailable = 🔌 {$exchange} cannot take this swap now.
flow-failover-next = ↪️ Here is the next best offer, from <b>{$exchange}</b>, quoted just now. Nothing is created there until you confirm these numbers.
flow-failover-none = No other exchange offers this swap now. Nothing was created. Start again with /exchange.
flow-create-pending = ⏳ The exchange did not answer clearly. Your swap may have been created: I am checking and will send the deposit address here as soon as I know, or tell you that nothing was created. Do not send anything and do not start a new swap for the same funds meanwhile.
flow-still-checking = ⏳ I am still checking whether the exchange created this swap. I will send its deposit address here as soon as I know, or tell you that nothing was created (then you can confirm again). Do not send anything before that.
flow-create-suspect =
    🛑 <b>Swap {$id} could not be set up safely.</b>
    The exchange's answer does not match what you confirmed, so I am not showing its deposit address. <b>Do not send anything</b> for this swap. The bot's operator has been alerted; start a new swap with /exchange.

button-skip = Skip ⏭
button-confirm = ✅ Confirm
button-cancel = ✖ Cancel
button-rate-float = Floating rate
button-rate-fixed = Fixed rate
button-switch-network = Receive on {$network}
button-offer = {$exchange} · {$toAmount} {$to}
button-selected = ✓ {$label}

## The deposit message (also the status card, edited as the swap moves on)

deposit =
    ✅ <b>Swap created</b>
    Send exactly <code>{$amount}</code> <b>{$from}</b> to this deposit address:
    <code>{$address}</code>

    You receive: {$toAmount} {$to} ({$rateType})
    Payout to: <code>{$withdrawal}</code>
    Transaction id: <code>{$id}</code>
    Status: {$status}

    The buttons below copy the address, the amount and the transaction id. Once your deposit arrives I will tell you each step here: confirming, exchanging, complete. Check it any time with /status.
card-in-progress =
    ⚙️ <b>Swap in progress</b>
    Your deposit of <code>{$amount}</code> <b>{$from}</b> has arrived: do not send it again.

    You receive: {$toAmount} {$to} ({$rateType})
    Payout to: <code>{$withdrawal}</code>
    Transaction id: <code>{$id}</code>
    Status: {$status}

    I will tell you when it moves on. Check it any time with /status.
card-held =
    🛂 <b>Swap held for verification</b>
    You send: <code>{$amount}</code> <b>{$from}</b>

    You receive: {$toAmount} {$to} ({$rateType})
    Payout to: <code>{$withdrawal}</code>
    Transaction id: <code>{$id}</code>
    Status: {$status}

    I will tell you when it moves on. Check it any time with /status.
deposit-sandbox = 🧪 <b>sandbox: do not send real funds</b>. This swap is simulated.
card-sandbox = 🧪 <b>sandbox</b>: this swap was simulated.
card-success =
    ✅ <b>Swap complete</b>
    {$amountIn} {$from} → <b>{$amountOut} {$to}</b>
    Payout to: <code>{$withdrawal}</code>
    { $payout ->
        [pending] Payout transaction: the exchange has not shown it yet; I will send it as soon as it does.
       *[sent] Payout transaction: <code>{$hashOut}</code>
    }
    Transaction id: <code>{$id}</code>
    Status: {$status}
card-overdue =
    ⌛ <b>Swap expired</b>
    No deposit of {$amountIn} {$from} arrived before the deposit window closed.
    Transaction id: <code>{$id}</code>
    Status: {$status}
card-refunded =
    ↩️ <b>Swap refunded</b>
    The exchange sent your {$amountIn} {$from} back to <code>{$refundTo}</code>.
    Transaction id: <code>{$id}</code>
    Status: {$status}
swap-closed = 🔒 This swap is closed, and its deposit address no longer accepts funds.
swap-expired-help =
    🔒 Do not send anything to <code>{$deposit}</code> any more: that deposit address is closed.
    If you already sent funds to it, contact the exchange's support and quote the transaction id <code>{$id}</code> and the hash of your deposit. {$refund ->
        [none] A refund needs an address to go to: have a {$from} address of yours ready.
       *[other] They can return the funds to your refund address <code>{$refund}</code>.
    }
deposit-qr-caption = Deposit address for {$amount} {$from}
swap-exchange-line = 🏦 Exchange: <b>{$exchange}</b>
swap-exchange-tracked = 🏦 Exchange: <b>{$exchange}</b> · <a href="{$link}">follow this swap on {$exchange}</a>

## Swap states

status-wait = waiting for your deposit
status-confirmation = confirming
status-exchanging = exchanging
status-success = complete
status-overdue = expired
status-refunded = refunded
status-refunding = refund under way
status-verifying = held for verification

## Inline mode

inline-coin-title = {$code} — {$name}
inline-coin-description = Tap to share · swap it with me
inline-coin-message =
    <b>{$code}</b> — {$name}
    {$notes}
inline-swap-button = 🔁 Swap {$code}
inline-quote-title = {$amount} {$from} → {$toAmount} {$to}
inline-quote-description = Rate 1 {$from} {$rate} {$to} · min {$min} · max {$max} {$from}
inline-quote-out-of-range-title = {$amount} {$from} is outside the limits
inline-quote-out-of-range-description = Minimum {$min} {$from} · maximum {$max} {$from}
inline-hint-button = Open the bot to swap
rate-too-fast = ⏳ You are asking for quotes very fast. Please wait a few seconds and try again.
fallback-hint = I did not get that. Start a swap with /exchange, get a quote with /rate, or see /help.
flow-updated = The bot was updated while you were in the middle of a swap, so that swap was not kept: please start again with /exchange.

## /status and /history

status-none = You have no swaps yet. Start one with /exchange.
status-not-found = Swap “{$id}” not found. /history lists your swaps.
status-card =
    📄 <b>Swap</b> <code>{$id}</code>
    Status: <b>{$status}</b>
    {$finished ->
        [yes] Amount: {$amountIn} {$from}
       *[other] You send: <code>{$amountIn}</code> {$from}
    }
    {$finished ->
        [yes] Received: {$received}
       *[other] You receive: {$received}
    }
    {$rate}
    Deposit address: <code>{$deposit}</code>
    Payout address: <code>{$withdrawal}</code>
    Refund address: {$refund}
    Deposit transaction: {$hashIn}
    Payout transaction: {$hashOut}
    Created: {$created}
status-received-expected = {$amount} {$to} (expected)
status-received-final = {$amount} {$to}
status-rate = Rate: 1 {$from} {$rate} {$to} ({$rateType})
status-rate-unknown = Rate: — ({$rateType})
status-rate-quoted = Quoted rate: 1 {$from} {$rate} {$to} ({$rateType})
status-none-value = —
status-stale = ⚠️ The exchange cannot be reached right now: this is the last known state, as of {$checked}.
status-refresh = 🔄 Refresh
history-title = <b>Your swaps</b> ({$total}) · page {$page} of {$pages}
history-line =
    {$n}. {$amountIn} {$from} → {$to} · {$status}
    Id <code>{$id}</code> · {$created}
history-empty = You have no swaps yet. Start one with /exchange.
history-open = 🔎 {$n}

## Status pushes (one new message per change)

push-confirmation =
    🔎 <b>Swap {$id}: confirming</b>
    Your deposit of {$amountIn} {$from} has arrived and is being confirmed on the network. Nothing to do: I will tell you when it moves on.
push-exchanging =
    ⚙️ <b>Swap {$id}: exchanging</b>
    Your {$amountIn} {$from} is confirmed and being exchanged into {$to}.
push-success =
    ✅ <b>Swap {$id}: complete</b>
    You received <b>{$amountOut} {$to}</b> at <code>{$withdrawal}</code>.
    { $payout ->
        [pending] Payout transaction: the exchange has not shown it yet; I will send it as soon as it does.
       *[sent] Payout transaction: <code>{$hashOut}</code>
    }
push-payout =
    🧾 <b>Swap {$id}: payout sent</b>
    The exchange sent <b>{$amountOut} {$to}</b> to <code>{$withdrawal}</code>.
    Payout transaction: <code>{$hashOut}</code>
push-overdue =
    ⌛ <b>Swap {$id}: expired</b>
    No deposit arrived before the deposit window closed, so this swap is closed. Start a new swap with /exchange.
push-refunded =
    ↩️ <b>Swap {$id}: refunded</b>
    The exchange sent your {$amountIn} {$from} back to <code>{$refundTo}</code>.
push-refunded-no-address = the address you sent from
push-refunding =
    ↩️ <b>Swap {$id}: refund under way</b>
    The exchange is sending your {$amountIn} {$from} back to <code>{$refundTo}</code>. I will tell you once it is done.
push-verifying =
    🛂 <b>Swap {$id}: held for verification</b>
    The exchange is holding this swap to verify it before it goes on. Nothing is lost and there is nothing to send again: answer the exchange, and I will tell you when it moves on.
swap-held = 🛂 The exchange holds this swap to verify it before it goes on. Send nothing more until the exchange lets it go on.
swap-held-asks = What it asks: {$asks}
swap-held-link = Where to answer it: {$link}
swap-held-no-link = Write to the exchange's support and quote the swap id <code>{$id}</code>.
push-wait =
    ⏳ <b>Swap {$id}: waiting for your deposit</b>
    Send exactly <code>{$amountIn}</code> {$from} to <code>{$deposit}</code>.
push-other =
    ℹ️ <b>Swap {$id}: {$status}</b>
    The exchange reports a new state for your swap. I keep following it and will tell you when it moves on.
reconcile-found = ✅ Found it: the exchange did create your swap.
reconcile-not-created = ℹ️ The exchange has no record of the swap you confirmed: nothing was created and no deposit address exists for it. You can start again with /exchange.
swap-suspect =
    🛑 <b>Swap {$id} could not be set up safely.</b>
    The exchange created a swap for your confirmation, but its details do not match what you confirmed, so I am not showing its deposit address. <b>Do not send anything</b> for this swap. The bot's operator has been alerted; start a new swap with /exchange.
push-suspect =
    ℹ️ <b>Swap {$id}: {$status}</b>
    This swap could not be set up safely: do not send anything to it. If you already did, contact the exchange's support with the transaction id {$id}.
push-stuck =
    🕰 <b>Swap {$id} is taking longer than usual</b> (still {$status}).
    Nothing is lost: I keep following it. If it stays like this, contact the exchange's support with the transaction id {$id}.
push-stuck-confirmation =
    🕰 <b>Swap {$id} is taking longer than usual</b>
    Your deposit has arrived but is still waiting for network confirmations. Nothing is lost: a deposit sent with a low network fee can take hours to confirm, and the swap goes on by itself once it is. If it stays like this much longer, contact the exchange's support and quote the transaction id {$id}.
push-stuck-exchanging =
    🕰 <b>Swap {$id} is taking longer than usual</b>
    Your deposit is confirmed and the exchange is still working on the payout. Nothing is lost and there is nothing to send again. If it stays like this much longer, contact the exchange's support and quote the transaction id {$id}.

## /language

language-name = 🇬🇧 English
language-choose = Choose the language I speak in this chat:
language-set = Done: I will speak English here. /help
cmd-language = choose the bot's language

## Operator: admin alerts and /stats

alert-unauthorized = 🚨 {$exchange} rejects the bot's API key (401). Its offers are left out (users get the other exchanges') until a request with the key succeeds again: fix its API key ({$setting}).
alert-down = 🚨 {$exchange} has been failing for {$minutes} min (since {$since}). Swaps cannot be quoted or created there; its swaps' status pushes are delayed.
alert-recovered = ✅ {$exchange} answers again.
alert-suspect = 🛑 Swap {$id} (chat {$chat}) does not match what its user confirmed ({$fields}); its deposit address was withheld. See the log for both versions.
stats-not-allowed = /stats is for the bot's operators only.
stats =
    📊 <b>Swaps by status</b>
    Today: {$today}
    Last 7 days: {$week}
    All time: {$all}

    <b>Volume by pair</b> (all time)
    {$pairs}

    <b>Active users</b>: {$usersToday} today, {$usersWeek} in 7 days
    <b>Exchange errors</b> (last hour): {$errorRate} of {$requests} requests
stats-pair = {$pair}: {$swaps} swaps, {$amount}
stats-exchanges = <b>Exchanges</b> (quotes won, refused and failed creates: since the bot started; swaps, completed and volume: all time; errors: last hour)
stats-exchange = {$exchange}: {$won} quotes won; {$created} swaps, {$refused} refused, {$failed} failed, {$completed} completed; volume {$volume}; errors {$errorRate} of {$requests} requests

## /forget and groups

cmd-forget = delete your finished swaps from the bot
forget-ask =
    This deletes what the bot stores about this chat: {$finished} finished swaps and your settings.
    {$open} swaps still in progress are kept until they finish, so I can tell you how they end.
    Delete now?
forget-yes = 🗑 Delete
forget-no = Keep
forget-kept = Nothing was deleted.
forget-done = 🗑 Deleted {$deleted} finished swaps and this chat's settings. {$kept} swaps in progress are kept until they finish; run /forget again afterwards.
group-go-private = 🔒 Addresses do not belong in a group. Let's continue in a private chat.
group-go-private-button = Continue in private chat

## Deposit memos, confirmed networks, fixed payouts, a Confirm after a crash (issue 17)

deposit-memo-line = Memo (destination tag): <code>{$memo}</code>
deposit-memo-warning = ⚠️ This address is shared: put the memo in your wallet's memo or tag field (the “📋 Memo” button copies it). A deposit without it is lost.
webapp-memo-warning = ⚠️ This address is shared: put the memo in your wallet's memo or tag field. A deposit without it is lost.
flow-already-created = This swap was already created. Here are its deposit details:
flow-already-created-gone = This confirmation already created a swap, which has since been deleted. Start a new one with /exchange.
flow-create-fixed-worse =
    🛑 <b>Swap {$id} does not match your fixed quote.</b>
    The exchange now offers ≈ {$offered} {$to} instead of the {$quoted} {$to} you confirmed, so I am not showing its deposit address. <b>Do not send anything</b> for this swap: it expires unused. Start again with /exchange for a fresh quote.
flow-create-float-worse =
    🛑 <b>Swap {$id} does not match your quote.</b>
    The exchange now estimates ≈ {$offered} {$to} instead of the ≈ {$quoted} {$to} you confirmed, far more than a floating rate moves in that time, so I am not showing its deposit address. <b>Do not send anything</b> for this swap: it expires unused. Start again with /exchange for a fresh quote.

## Tracker: swaps the exchange no longer knows, and other exchanges' swaps

push-given-up =
    ❓ <b>Swap {$id}: the exchange no longer knows it</b>
    For a whole day the exchange has answered that it has no swap with this id, so I have stopped following it and will send no more updates about it. If you sent a deposit for it, contact the exchange's support and quote the transaction id <code>{$id}</code>.
history-sandbox = 🧪 Test swap on the built-in sandbox exchange: no real funds, no longer followed.
history-elsewhere = ↪️ Created on another exchange than the one the bot uses now: no longer followed.
history-given-up = ❓ Unknown to the exchange for a day: no longer followed.
status-elsewhere = ↪️ This swap was created on another exchange than the one the bot uses now, so I cannot ask about it: this is the last known state.
status-given-up = ❓ The exchange no longer knows this swap, so I stopped following it. If you sent a deposit for it, contact the exchange's support with the transaction id.

## The Mini App (the page's texts; webapp-* without variables are all sent to the page)

webapp-open-button = 📱 Open the swap app
webapp-menu-button = Swap
webapp-title = Swap
webapp-tab-new = New swap
webapp-tab-list = My swaps
webapp-you-send = You send
webapp-you-receive = You receive
webapp-amount = Amount
webapp-amount-units = Or type the amount to receive with its coin's code (e.g. 5 ETH), or its worth in US dollars (e.g. $100).
webapp-amount-receive = I want to receive
webapp-payout = Payout address
webapp-payout-memo = Payout memo
webapp-payout-memo-hint = The memo or destination tag your receiving account needs; leave it empty if it needs none.
webapp-refund = Refund address
webapp-refund-hint = Optional: where the exchange returns your coins if the swap fails.
webapp-refund-memo = Refund memo
webapp-search = Search by code or name, Enter picks
webapp-network = Network
webapp-network-default = exchange's default
webapp-rate-float = Floating rate
webapp-rate-fixed = Fixed rate
webapp-next = Next
webapp-back = Back
webapp-confirm = Confirm
webapp-summary = Please check your swap
webapp-you-get = You get about
webapp-min = Minimum
webapp-max = Maximum
webapp-rate = Rate
webapp-loading = Loading…
webapp-send-exactly = Send exactly
webapp-deposit-address = Deposit address
webapp-memo = Memo (destination tag)
webapp-copy = Copy
webapp-copied = Copied
webapp-status = Status
webapp-transaction-id = Transaction id
webapp-swap-exchange = Exchange
webapp-swap-exchange-track = Follow it on the exchange's site
webapp-payout-to = Payout to
webapp-hash-in = Deposit transaction
webapp-hash-out = Payout transaction
webapp-closed = This swap is finished: send nothing to its deposit address.
webapp-received = The deposit has arrived; nothing more to send.
webapp-held = The exchange holds this swap to verify it before it goes on. Do not send anything again.
webapp-held-asks = What it asks
webapp-held-link = Answer the exchange
webapp-sandbox = Sandbox exchange: do not send real funds.
webapp-no-swaps = You have no swaps yet.
webapp-open-from-telegram = This page works only when opened from the bot in Telegram. Open the bot and tap its app button.
webapp-not-found = Swap not found.
webapp-error = Something went wrong. Please try again.
webapp-updated = The app was updated: close it and open it again.
webapp-slow-down = Too many requests. Wait a few seconds and try again.
webapp-pending = The exchange did not answer clearly. Your swap is being checked and shows in My swaps within a minute and a half; do not confirm again.
webapp-already = This swap was already created.
webapp-suspect = The exchange's answer does not match your order, so no deposit address is shown. The operator has been told.
webapp-pick-coin = Choose a coin.
webapp-same-coin = Choose two different coins.
webapp-amount-invalid = Type an amount, e.g. 0.5.
webapp-amount-ambiguous = {$input} can be read as {$thousands} or as {$decimal}. Type the one you mean: {$thousands} or {$decimal}.
webapp-amount-below = Below the minimum of {$min} {$coin}.
webapp-amount-above = Above the maximum of {$max} {$coin}.
webapp-quote-moved = The rate has changed; these are the new numbers. Check them and confirm again.
webapp-offers = Exchange
webapp-offer-best = best offer
webapp-offer-outside-limits = its limits do not take this amount
webapp-kyc-legend = KYC rating: A never asks for identity, D may hold funds until you verify it.
webapp-exchange-refused = {$exchange} refused this swap: {$reason}
webapp-next-offer = Nothing was created there. Here is the offer of {$next}: check it and confirm.
webapp-no-next-offer = Nothing was created, and no other exchange offers this swap now.

## Explorer links (receipts: the deposit and payout transactions in pushes, the card and /status)

tx-deposit = Deposit transaction: <code>{$hash}</code>
tx-deposit-linked = Deposit transaction: <code>{$hash}</code> · <a href="{$url}">{$site}</a>
tx-explorer-deposit = 🔍 <a href="{$url}">Deposit transaction on {$site}</a>
tx-explorer-payout = 🔍 <a href="{$url}">Payout transaction on {$site}</a>

## Fair shares: /status from what the bot knows, a chat's share of swap creations

status-known = ℹ️ Shown as the bot last heard from the exchange, {$age} ago ({$checked}): you are asking very often, so it did not ask again. Status changes are still sent to you as they happen.
status-known-busy = ℹ️ Shown as the bot last heard from the exchange, {$age} ago ({$checked}): many people are asking right now, so it could not ask again. Status changes are still sent to you as they happen.
age-seconds = {$n} s
age-minutes = {$n} min
age-hours = {$n} h
flow-create-chat-share = ⏳ This chat has created {$count ->
        [one] {$count} swap
       *[other] {$count} swaps
    } in the last minute, the most one chat may. You may confirm again in {$seconds} s.

## Copy buttons (Telegram's copy_text: the button copies the value itself)

copy-address = 📋 Address
copy-amount = 📋 Amount
copy-memo = 📋 Memo
copy-id = 📋 Transaction id
copy-payout-memo = 📋 Payout memo
history-copy-id = 📋 Id {$n}

## Honest numbers: a fixed quote is exact and says how long it holds; the rate paid

quote-rate-line = Rate: 1 {$from} {$rate} {$to} ({$rateType})
quote-fixed-holds = 🔒 A fixed rate: this is the exact amount you receive. It holds for {$duration} after the quote; confirm later and I check the rate again first and show you any change.
rate-one = 💱 1 {$from} {$rate} {$to} ({$rateType})
status-received-fixed = {$amount} {$to} (fixed)
status-rate-paid = Rate paid: 1 {$from} = {$paid} {$to}

## Support desk

cmd-support = write to the operator's support about a swap
support-trust = 🛡 Support never writes to you first and never asks for your keys, seed phrase or a “verification” payment.
support-trust-desk = Its answers come only in this chat, through this bot, marked “Support”.
support-ask =
    🆘 <b>Support</b>
    What went wrong? Write it in one message (a screenshot with a caption helps) and I pass it to the operator's support team.
support-about-swap = It is about your swap <code>{$id}</code> ({$status}, {$amount} {$from} → {$to}). Another one? Pick it below.
support-about-none = It is not about a particular swap.
support-pick-none = No particular swap
support-ask-text = Please describe the problem in words (a photo or a file with a caption works too).
support-opened = ✅ Support has your message: ticket #{$ticket}. Their answers come here, marked “Support”. What else you write here goes to the same ticket until it is closed.
support-added = ✉️ Added to ticket #{$ticket}.
support-open-already = 🆘 Your ticket #{$ticket} is open: write here and support gets it.
support-close-button = ✖️ Close ticket #{$ticket}
support-closed-by-user = Ticket #{$ticket} is closed. /support opens a new one.
support-closed-by-support = ✅ Support closed ticket #{$ticket}. If something is still wrong, /support opens a new one.
support-answer = 💬 <b>Support</b> · ticket #{$ticket} (through this bot):
support-flood = ⏳ You are writing faster than support can read. Please wait a minute: what you send meanwhile is not passed on.
support-open-limit = ⏳ You have opened as many tickets in the last hour as support takes from one person. You can open a new one in about { $minutes } min. Support reads every ticket: nothing you sent is lost.
support-contact = 🆘 To reach the operator's support, write to {$contact}.
support-none = This bot has no support desk, sorry.
support-cancelled = Your support request is cancelled.
support-button = 🆘 Contact support
support-ticket-header = 🎫 <b>Ticket #{$ticket}</b>
support-ticket-from = From: {$name} · id <code>{$id}</code> · language {$language}
support-ticket-swap =
    Swap <code>{$id}</code> · {$status} ({$raw}) · created {$created}
    {$amountIn} {$from} → {$amountOut} {$to} ({$rateType})
    Deposit address: <code>{$deposit}</code>
    Payout address: <code>{$withdrawal}</code>
    Refund address: <code>{$refund}</code>
support-ticket-deposit-memo = Deposit memo: <code>{$memo}</code>
support-ticket-exchange = Exchange: <b>{$exchange}</b> · its order id <code>{$id}</code>
support-ticket-exchange-tracked = Exchange: <b>{$exchange}</b> · its order id <code>{$id}</code> · <a href="{$link}">the order on its site</a>
support-ticket-held = 🛂 Held for verification by the exchange · it asks: {$asks} · link: {$link}
support-ticket-hash-deposit = Deposit hash: <code>{$hash}</code>
support-ticket-hash-deposit-linked = Deposit hash: <code>{$hash}</code> · <a href="{$url}">{$site}</a>
support-ticket-hash-payout = Payout hash: <code>{$hash}</code>
support-ticket-hash-payout-linked = Payout hash: <code>{$hash}</code> · <a href="{$url}">{$site}</a>
support-ticket-history = History: {$history}
support-ticket-no-swap = No particular swap.
support-ticket-words = <b>The user writes:</b>
support-ticket-no-words = (no words)
support-ticket-how = Reply to a message of this ticket to answer the user; /close as a reply (or the button) closes it.
support-ticket-how-forum = Write in this topic to answer the user; /close here (or the button) closes it.
support-ticket-follow-up = 🎫 #{$ticket} · {$name}:
support-ticket-closed-by-user = 🎫 #{$ticket}: the user closed the ticket.
support-ticket-closed = 🎫 #{$ticket} is closed; the user is told.
support-ticket-not-open = 🎫 #{$ticket} is closed: the user does not get this.
support-close-needs-ticket = Reply to a ticket's message with /close (or write /close in its topic).
support-topic-name = #{$ticket} · {$name}
stats-support = <b>Support</b>: {$open} open tickets, the oldest opened {$age} ago
deposit-support-trust = 🛡 Support never writes to you first and never asks for keys, seed phrases or “verification” payments.
webapp-support = 🆘 Contact support about this swap
support-ticket-words-below = (long: in the next messages)
support-ticket-step = {$status} {$at}
