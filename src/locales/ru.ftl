## General

welcome =
    👋 Привет{$name ->
        [none] {""}
       *[other] , {$name}
    }! Я меняю одну криптовалюту на другую: без аккаунта и без регистрации.

    Нажмите /exchange, чтобы начать обмен, или запросите курс, например <code>/rate 0.5 btc eth</code>.
    Монеты можно искать в любом чате: наберите <code>@{$bot} btc</code>.
    /help — всё, что я умею.

help =
    <b>Что я делаю</b>
    Я меняю одну монету на другую через сервис мгновенного обмена. Вы выбираете монеты и сумму, видите курс, указываете адрес для получения, а я даю адрес для депозита. О каждом шаге обмена я сообщу сам.

    <b>Команды</b>
    {$commands}

    <b>Советы</b>
    • На каждом шаге можно не только нажимать кнопки, но и писать: коды монет (<code>btc</code>), названия (<code>monero</code>), суммы (<code>0.5</code> или <code>0,5</code>).
    • На шаге суммы <code>5 eth</code> — сколько получить (код получаемой монеты), а <code>$100</code> или <code>100 usd</code> — сумма на столько долларов США.
    • У монеты может быть сеть: <code>usdt trc20</code> или <code>usdt@trc20</code>.
    • Поиск монет из любого чата: <code>@{$bot} eth</code>.

cmd-start = приветствие и с чего начать
cmd-exchange = обменять одну монету на другую
cmd-rate = курс, например /rate 0.5 btc eth
cmd-currencies = список и поиск монет
cmd-status = статус обмена (последнего или по id)
cmd-history = ваши обмены, сначала новые
cmd-cancel = выйти из пошагового диалога
cmd-help = команды и подсказки

error-generic = 😕 У меня что-то пошло не так. Попробуйте ещё раз через минуту.
error-storage = ⏳ Бот ненадолго недоступен. Ваши обмены в сохранности: попробуйте ещё раз через минуту.
error-storage-held = ⏳ Бот ненадолго недоступен. Ваши обмены в сохранности, и я отвечу на это сообщение, как только вернусь: отправлять его ещё раз не нужно.
exchange-busy = ⏳ Обменник сейчас перегружен. Попробуйте ещё раз через {$seconds} с.
exchange-unavailable = 🔌 Обменник временно недоступен. Попробуйте ещё раз через несколько минут.
exchange-not-found = Обменник не знает такой записи.
exchange-rejected = ⚠️ Обменник это не принял: {$reason}
button-expired = Эта кнопка больше не действует.

## Amounts and coins

amount-not-a-number = «{$input}» — не число. Напишите, например, <code>0.5</code> или <code>0,5</code>.
amount-negative = Сумма должна быть положительной.
amount-zero = Сумма должна быть больше нуля.
amount-too-precise = В этой сумме слишком много знаков.
amount-ambiguous = «{$input}» можно прочитать двумя способами: {$thousands} (запятая отделяет тысячи) или {$decimal} (десятичная запятая). Введите то, что имели в виду: <code>{$thousands}</code> или <code>{$decimal}</code>.
coin-unknown = Я не знаю монету «{$input}».
coin-unknown-suggest = Я не знаю монету «{$input}». Может быть, {$suggestions}?
coin-ambiguous = «{$input}» подходит к нескольким монетам: {$options}. Напишите код монеты.
coin-number = «{$input}» — это число, а не монета. Сначала выберите монеты: сколько обменять, я спрошу, когда обе будут выбраны.
coin-same = С обеих сторон выбрана {$coin}. Выберите две разные монеты.
rate-type-float = плавающий курс
rate-type-fixed = фиксированный курс

## /rate

rate-usage =
    Напишите так: <code>/rate СУММА ОТКУДА КУДА</code>
    Например: <code>/rate 0.5 btc eth</code>
    Или сколько получить: <code>/rate 5 eth from btc</code>, или в долларах: <code>/rate $100 btc eth</code>
quote =
    💱 <b>{$amount} {$from}</b> → <b>{$toAmount} {$to}</b>
    Курс: 1 {$from} {$rate} {$to} ({$rateType})
    Минимум: {$min} {$from} · Максимум: {$max} {$from}
quote-below-min = ⚠️ {$amount} {$from} меньше минимума <b>{$min} {$from}</b>.
quote-above-max = ⚠️ {$amount} {$from} больше максимума <b>{$max} {$from}</b>.
quote-below-min-at = ⚠️ {$amount} {$from} меньше самого низкого минимума <b>{$min} {$from}</b> (у {$exchange}).
quote-above-max-at = ⚠️ {$amount} {$from} больше самого высокого максимума <b>{$max} {$from}</b> (у {$exchange}).
quote-exchange-note = Примечание обменника: {$message}
quote-offer = 🏦 Обменник: <b>{$exchange}</b>
quote-offer-best-of = лучший из {$count}
quote-offer-eta = ⏱ {$min}–{$max} мин
quote-offer-eta-one = ⏱ около {$minutes} мин
quote-offer-kyc = KYC {$rating}
quote-kyc-legend = Рейтинги KYC: A никогда не просит документы · B только для помеченных средств · C может попросить, если обмен выглядит подозрительно · D может задержать средства до верификации.
rate-start-swap = 🔁 Обменять {$from} → {$to}

## /currencies

currencies-title = <b>Монеты</b> ({$total}) · страница {$page} из {$pages}
currencies-title-search = <b>Монеты по запросу «{$query}»</b> ({$total}) · страница {$page} из {$pages}
currencies-title-similar = <b>Ни одна монета не подходит к «{$query}»</b>. Похожие коды и названия ({$total}) · страница {$page} из {$pages}
currencies-section-exact = <b>{$count ->
        [one] Точное совпадение
       *[other] Точные совпадения
    }</b>
currencies-section-also = <b>Также подходят</b> ({$count})
currencies-section-similar = <b>Похожие, если вы опечатались</b> ({$count})
currencies-empty = Ни одна монета не подходит к «{$query}». Попробуйте код, например <code>btc</code>, или название, например <code>monero</code>.
currencies-empty-catalog = Список монет ещё не загружен. Попробуйте через минуту.
currencies-hint = Поиск: <code>/currencies название</code> · Курс: <code>/rate 1 btc eth</code>
button-prev = ◀ Назад
button-next = Далее ▶

## The exchange conversation
## Each prompt names its own step (send, receive, amount, address, refund) and none of the later
## steps' words, as in English.

flow-ask-from =
    🔁 <b>Новый обмен</b>
    Какую монету вы хотите <b>отправить</b>? Нажмите на неё или напишите код или название (например, <code>btc</code>, <code>monero</code>).
flow-ask-to =
    Вы отправляете <b>{$from}</b>.
    Какую монету вы хотите <b>получить</b>? Нажмите на неё или напишите код или название.
flow-ask-amount =
    {$from} → <b>{$to}</b>
    Какую <b>сумму</b> {$from} вы хотите обменять? Напишите число, например <code>0.5</code>.
flow-amount-limits = Минимум: {$min} {$from}{$max ->
        [none] {""}
       *[other] {" "}· Максимум: {$max} {$from}
    }
flow-network-default = Сеть для {$coin}: <b>{$network}</b>, сеть обменника по умолчанию. Нажмите на другую, чтобы сменить.
flow-network-set = Сеть для {$coin}: {$network}
flow-quoting = ⏳ Узнаю курс…
flow-ask-address = Теперь напишите <b>адрес {$to}</b>, на который хотите получить монеты.
flow-ask-memo =
    Нужен ли для этого адреса {$coin} <b>memo</b> выплаты ({$name})? Его даёт счёт на бирже или общий кошелёк вместе с адресом: введите его или нажмите «Без memo» (или напишите skip).
flow-memo-default-name = memo или destination tag
flow-memo-again = Введите memo выплаты для {$coin} или нажмите «Без memo».
flow-memo-problem-empty = Введите memo или нажмите «Без memo».
flow-memo-problem-tag = Destination tag — целое число от 0 до 4294967295.
flow-memo-problem-pattern = Это не подходит как {$name} для этой сети.
flow-memo-problem-length = Слишком длинно для {$name}: не больше 100 символов.
flow-memo-problem-characters = {$name} — одна строка из обычных символов.
payout-memo-line = Memo выплаты: <code>{$memo}</code>
button-no-memo = Без memo ⏭
flow-near-min = ⚠️ Это близко к минимуму: если курс или лимиты изменятся до прихода депозита, депозит меньше минимума может потеряться. Лучше отправьте немного больше.
flow-near-max = ⚠️ Это близко к максимуму: если курс или лимиты изменятся до прихода депозита, депозит больше максимума могут вернуть.
flow-amount-range = Напишите сумму от {$min} до {$max} {$from}.
flow-amount-at-least = Напишите сумму не меньше {$min} {$from}.
flow-amount-again = Напишите сумму {$from} для обмена, например <code>0.5</code>.
flow-amount-other-units = Или напишите, сколько хотите получить, например <code>5 {$code}</code>, или сумму в долларах США, например <code>$100</code>.
amount-unknown-unit = «{$unit}» — это не {$from} и не {$to}. Напишите просто число для {$from}, число с <code>{$to}</code> — сколько получить, или <code>$100</code> / <code>100 usd</code> — сумму в долларах.
amount-no-dollar-coin = Сейчас не могу пересчитать доллары: обменник не предлагает долларовых стейблкоинов. Напишите сумму в {$from}.
amount-no-rate = Обменник не назвал курс, чтобы пересчитать эту сумму. Напишите сумму в {$from}.
flow-amount-dollars = 💵 ${$dollars} ≈ <b>{$amount} {$from}</b> по курсу 1 {$from} ≈ {$price} {$coin}.
flow-amount-receive = Чтобы получить {$receive} {$to}, отправьте <b>{$amount} {$from}</b>{$how ->
        [exact] .
       *[rate] {" "}(рассчитано по курсу: сумма к получению приблизительная).
    }
flow-ask-refund =
    Необязательно: адрес <b>возврата</b> для {$from}, куда обменник вернёт монеты, если обмен не удастся. Напишите его или нажмите «Пропустить».
flow-summary =
    <b>Проверьте обмен</b>
    Вы отправляете: <b>{$amount} {$from}</b>
    Вы получаете: <b>{$toAmount} {$to}</b> ({$rateType})
    Курс: 1 {$from} {$rate} {$to}
    Выплата на: <code>{$address}</code>
    Возврат на: {$refund}
flow-summary-no-refund = (нет)
flow-summary-exchange = Обменник: <b>{$exchange}</b>
flow-summary-ask = Нажмите «Подтвердить», чтобы создать обмен, или «Отмена».
flow-quote-moved = ℹ️ Курс изменился с момента расчёта; вот новые цифры.
flow-address-problem-empty = Пожалуйста, напишите адрес.
flow-address-problem-spaces = В адресе не бывает пробелов. Вставьте его ещё раз.
flow-address-problem-length = Это не похоже на адрес: он слишком короткий или слишком длинный.
flow-address-problem-characters = В этом адресе есть символы, которых в адресах не бывает.
flow-address-problem-format = Это неверный адрес {$coin}{$network ->
        [none] {""}
       *[other] {" "}в сети {$network}
    }.
flow-address-again = Напишите адрес {$coin} ещё раз.
flow-address-other-network = ⚠️ Это адрес {$coin} в сети {$other}, а этот обмен выплачивает в сети <b>{$network}</b>: монеты, отправленные туда, будут потеряны. Чтобы получить на этот адрес в сети {$other}, нажмите кнопку ниже: обмен будет заново рассчитан в сети {$other}.
flow-network-switched = 🔀 Теперь этот обмен выплачивает в сети <b>{$network}</b>, на <code>{$address}</code>. Новый расчёт:
flow-offer-gone = ℹ️ {$exchange} больше не даёт расчёт на эти условия: вот лучшее предложение, у {$best}.
flow-refund-again = Напишите адрес возврата для {$coin} или нажмите «Пропустить».
flow-ask-refund-memo =
    Нужен ли для этого адреса {$coin} memo ({$name}) для <b>возврата</b>? Его даёт счёт на бирже или общий кошелёк вместе с адресом: введите его или нажмите «Без memo» (или напишите skip).
flow-refund-memo-again = Введите memo возврата для {$coin} или нажмите «Без memo».
refund-memo-line = Memo возврата: <code>{$memo}</code>
flow-not-understood = Напишите ответ или нажмите кнопку под последним сообщением.
flow-step-over = Этот шаг уже пройден.
flow-cancelled = ✖ Обмен отменён. Начните новый командой /exchange.
flow-nothing-to-cancel = Отменять нечего. Начните обмен командой /exchange.
flow-expired = ⌛ Предыдущий обмен слишком долго ждал ответа и закрыт. Начнём новый.
flow-too-many-tries = Уже {$count} ответов подряд не подошли на этом шаге. Давайте начнём сначала: /exchange
flow-creating = ⏳ Создаю обмен…
flow-create-failed = Ничего не создано. Нажмите «Подтвердить», чтобы попробовать ещё раз, или «Отмена».
flow-create-rejected = Ничего не создано. Начните заново с /exchange.
flow-failover-refused = ⚠️ {$exchange} отказал в этом обмене: {$reason}
flow-failover-unavailable = 🔌 {$exchange} сейчас не может провести этот обмен.
flow-failover-next = ↪️ Следующее лучшее предложение, от <b>{$exchange}</b>, только что рассчитанное. Там ничего не создаётся, пока вы не подтвердите эти цифры.
flow-failover-none = Другие обменники сейчас не предлагают этот обмен. Ничего не создано. Начните заново: /exchange.
flow-create-pending = ⏳ Обменник не дал ясного ответа. Возможно, обмен уже создан: я проверяю и пришлю сюда адрес депозита, как только узнаю, или сообщу, что ничего не создано. Пока ничего не отправляйте и не начинайте новый обмен на те же средства.
flow-still-checking = ⏳ Я всё ещё проверяю, создал ли обменник этот обмен. Пришлю сюда адрес депозита, как только узнаю, или сообщу, что ничего не создано (тогда можно подтвердить снова). До этого ничего не отправляйте.
flow-create-suspect =
    🛑 <b>Обмен {$id} не удалось оформить безопасно.</b>
    Ответ обменника не совпадает с тем, что вы подтвердили, поэтому я не показываю его адрес депозита. <b>Ничего не отправляйте</b> по этому обмену. Оператор бота уже предупреждён; начните новый обмен с /exchange.

button-skip = Пропустить ⏭
button-confirm = ✅ Подтвердить
button-cancel = ✖ Отмена
button-rate-float = Плавающий курс
button-rate-fixed = Фиксированный курс
button-switch-network = Получить в сети {$network}
button-offer = {$exchange} · {$toAmount} {$to}
button-selected = ✓ {$label}

## The deposit message (also the status card, edited as the swap moves on)

deposit =
    ✅ <b>Обмен создан</b>
    Отправьте ровно <code>{$amount}</code> <b>{$from}</b> на этот адрес депозита:
    <code>{$address}</code>

    Вы получите: {$toAmount} {$to} ({$rateType})
    Выплата на: <code>{$withdrawal}</code>
    Id транзакции: <code>{$id}</code>
    Статус: {$status}

    Кнопки ниже копируют адрес, сумму и id транзакции. Когда депозит придёт, я сообщу здесь о каждом шаге: подтверждение, обмен, завершение. Проверить можно в любой момент командой /status.
card-in-progress =
    ⚙️ <b>Обмен идёт</b>
    Ваш депозит <code>{$amount}</code> <b>{$from}</b> получен: повторно его отправлять не нужно.

    Вы получите: {$toAmount} {$to} ({$rateType})
    Выплата на: <code>{$withdrawal}</code>
    Id транзакции: <code>{$id}</code>
    Статус: {$status}

    Я сообщу, когда обмен продвинется. Проверить можно в любой момент через /status.
card-held =
    🛂 <b>Обмен задержан для проверки</b>
    Вы отправляете: <code>{$amount}</code> <b>{$from}</b>

    Вы получите: {$toAmount} {$to} ({$rateType})
    Выплата на: <code>{$withdrawal}</code>
    Id транзакции: <code>{$id}</code>
    Статус: {$status}

    Я сообщу, когда обмен продвинется. Проверить можно в любой момент через /status.
deposit-sandbox = 🧪 <b>песочница: не отправляйте настоящие средства</b>. Этот обмен имитируется.
card-sandbox = 🧪 <b>песочница</b>: этот обмен был имитацией.
card-success =
    ✅ <b>Обмен завершён</b>
    {$amountIn} {$from} → <b>{$amountOut} {$to}</b>
    Выплата на: <code>{$withdrawal}</code>
    { $payout ->
        [pending] Транзакция выплаты: биржа ещё не показала её; пришлю, как только покажет.
       *[sent] Транзакция выплаты: <code>{$hashOut}</code>
    }
    Id транзакции: <code>{$id}</code>
    Статус: {$status}
card-overdue =
    ⌛ <b>Обмен истёк</b>
    Депозит {$amountIn} {$from} не пришёл, пока было открыто окно депозита.
    Id транзакции: <code>{$id}</code>
    Статус: {$status}
card-refunded =
    ↩️ <b>Обмен возвращён</b>
    Обменник вернул ваши {$amountIn} {$from} на <code>{$refundTo}</code>.
    Id транзакции: <code>{$id}</code>
    Статус: {$status}
swap-closed = 🔒 Этот обмен закрыт, и его адрес депозита больше не принимает средства.
swap-expired-help =
    🔒 Больше ничего не отправляйте на <code>{$deposit}</code>: этот адрес депозита закрыт.
    Если вы уже отправили на него средства, напишите в поддержку обменника и укажите id транзакции <code>{$id}</code> и хеш вашей транзакции депозита. {$refund ->
        [none] Для возврата нужен адрес: подготовьте свой адрес {$from}, на который их можно вернуть.
       *[other] Средства можно вернуть на ваш адрес возврата <code>{$refund}</code>.
    }
deposit-qr-caption = Адрес депозита для {$amount} {$from}
swap-exchange-line = 🏦 Обменник: <b>{$exchange}</b>
swap-exchange-tracked = 🏦 Обменник: <b>{$exchange}</b> · <a href="{$link}">следить за обменом на сайте {$exchange}</a>

## Swap states

status-wait = ждём ваш депозит
status-confirmation = подтверждается
status-exchanging = обменивается
status-success = завершён
status-overdue = истёк
status-refunded = возвращён
status-refunding = идёт возврат
status-verifying = задержан для проверки

## Inline mode

inline-coin-title = {$code} — {$name}
inline-coin-description = Нажмите, чтобы поделиться · обменять через меня
inline-coin-message =
    <b>{$code}</b> — {$name}
    {$notes}
inline-swap-button = 🔁 Обменять {$code}
inline-quote-title = {$amount} {$from} → {$toAmount} {$to}
inline-quote-description = Курс 1 {$from} {$rate} {$to} · мин. {$min} · макс. {$max} {$from}
inline-quote-out-of-range-title = {$amount} {$from} вне лимитов
inline-quote-out-of-range-description = Минимум {$min} {$from} · максимум {$max} {$from}
inline-hint-button = Открыть бота для обмена
rate-too-fast = ⏳ Вы запрашиваете курс слишком часто. Подождите несколько секунд и попробуйте снова.
fallback-hint = Я не понял. Начните обмен командой /exchange, узнайте курс через /rate или посмотрите /help.
flow-updated = Бот обновился, пока вы оформляли обмен, и этот обмен не сохранился: пожалуйста, начните заново с /exchange.

## /status and /history

status-none = У вас ещё нет обменов. Начните с /exchange.
status-not-found = Обмен «{$id}» не найден. Список ваших обменов: /history.
status-card =
    📄 <b>Обмен</b> <code>{$id}</code>
    Статус: <b>{$status}</b>
    {$finished ->
        [yes] Сумма: {$amountIn} {$from}
       *[other] Вы отправляете: <code>{$amountIn}</code> {$from}
    }
    {$finished ->
        [yes] Получено: {$received}
       *[other] Вы получаете: {$received}
    }
    {$rate}
    Адрес депозита: <code>{$deposit}</code>
    Адрес выплаты: <code>{$withdrawal}</code>
    Адрес возврата: {$refund}
    Транзакция депозита: {$hashIn}
    Транзакция выплаты: {$hashOut}
    Создан: {$created}
status-received-expected = {$amount} {$to} (ожидается)
status-received-final = {$amount} {$to}
status-rate = Курс: 1 {$from} {$rate} {$to} ({$rateType})
status-rate-unknown = Курс: — ({$rateType})
status-rate-quoted = Курс по котировке: 1 {$from} {$rate} {$to} ({$rateType})
status-none-value = —
status-stale = ⚠️ Обменник сейчас недоступен: это последнее известное состояние на {$checked}.
status-refresh = 🔄 Обновить
history-title = <b>Ваши обмены</b> ({$total}) · страница {$page} из {$pages}
history-line =
    {$n}. {$amountIn} {$from} → {$to} · {$status}
    Id <code>{$id}</code> · {$created}
history-empty = У вас ещё нет обменов. Начните с /exchange.
history-open = 🔎 {$n}

## Status pushes (one new message per change)

push-confirmation =
    🔎 <b>Обмен {$id}: подтверждается</b>
    Ваш депозит {$amountIn} {$from} пришёл и подтверждается в сети. Делать ничего не нужно: я сообщу, когда обмен продвинется.
push-exchanging =
    ⚙️ <b>Обмен {$id}: обменивается</b>
    Ваши {$amountIn} {$from} подтверждены и обмениваются на {$to}.
push-success =
    ✅ <b>Обмен {$id}: завершён</b>
    Вы получили <b>{$amountOut} {$to}</b> на <code>{$withdrawal}</code>.
    { $payout ->
        [pending] Транзакция выплаты: биржа ещё не показала её; пришлю, как только покажет.
       *[sent] Транзакция выплаты: <code>{$hashOut}</code>
    }
push-payout =
    🧾 <b>Обмен {$id}: выплата отправлена</b>
    Обменник отправил <b>{$amountOut} {$to}</b> на <code>{$withdrawal}</code>.
    Транзакция выплаты: <code>{$hashOut}</code>
push-overdue =
    ⌛ <b>Обмен {$id}: истёк</b>
    Депозит не пришёл, пока было открыто окно депозита, поэтому обмен закрыт. Новый обмен можно начать с /exchange.
push-refunded =
    ↩️ <b>Обмен {$id}: возвращён</b>
    Обменник вернул ваши {$amountIn} {$from} на <code>{$refundTo}</code>.
push-refunded-no-address = адрес, с которого вы отправляли
push-refunding =
    ↩️ <b>Обмен {$id}: идёт возврат</b>
    Обменник отправляет ваши {$amountIn} {$from} обратно на <code>{$refundTo}</code>. Я сообщу, когда возврат завершится.
push-verifying =
    🛂 <b>Обмен {$id}: задержан для проверки</b>
    Обменник задержал этот обмен, чтобы проверить его, прежде чем продолжить. Ничего не потеряно, и отправлять ничего повторно не нужно: ответьте обменнику, а я сообщу, когда обмен продолжится.
swap-held = 🛂 Обменник задержал этот обмен для проверки, прежде чем продолжить. Ничего больше не отправляйте, пока обменник не продолжит обмен.
swap-held-asks = Что он просит: {$asks}
swap-held-link = Где ответить: {$link}
swap-held-no-link = Напишите в поддержку обменника и укажите id обмена <code>{$id}</code>.
push-wait =
    ⏳ <b>Обмен {$id}: ждём ваш депозит</b>
    Отправьте ровно <code>{$amountIn}</code> {$from} на <code>{$deposit}</code>.
push-other =
    ℹ️ <b>Обмен {$id}: {$status}</b>
    Обменник сообщает о новом состоянии вашего обмена. Я продолжаю следить и сообщу, когда он продвинется.
reconcile-found = ✅ Нашёл: обменник действительно создал ваш обмен.
reconcile-not-created = ℹ️ У обменника нет записи о подтверждённом вами обмене: ничего не создано, и адреса депозита для него нет. Можно начать заново с /exchange.
swap-suspect =
    🛑 <b>Обмен {$id} не удалось оформить безопасно.</b>
    Обменник создал обмен по вашему подтверждению, но его данные не совпадают с тем, что вы подтвердили, поэтому я не показываю его адрес депозита. <b>Ничего не отправляйте</b> по этому обмену. Оператор бота уже предупреждён; начните новый обмен с /exchange.
push-suspect =
    ℹ️ <b>Обмен {$id}: {$status}</b>
    Этот обмен не удалось оформить безопасно: ничего на него не отправляйте. Если уже отправили, напишите в поддержку обменника и укажите номер транзакции {$id}.
push-stuck =
    🕰 <b>Обмен {$id} идёт дольше обычного</b> (всё ещё {$status}).
    Ничего не потеряно: я продолжаю следить за ним. Если так и останется, напишите в поддержку обменника и укажите номер транзакции {$id}.
push-stuck-confirmation =
    🕰 <b>Обмен {$id} идёт дольше обычного</b>
    Ваш депозит пришёл, но всё ещё ждёт подтверждений сети. Ничего не потеряно: депозит с низкой комиссией сети может подтверждаться часами, а после подтверждения обмен продолжится сам. Если так и останется надолго, напишите в поддержку обменника и укажите номер транзакции {$id}.
push-stuck-exchanging =
    🕰 <b>Обмен {$id} идёт дольше обычного</b>
    Депозит подтверждён, обменник всё ещё готовит выплату. Ничего не потеряно, отправлять ничего повторно не нужно. Если так и останется надолго, напишите в поддержку обменника и укажите номер транзакции {$id}.

## /language

language-name = 🇷🇺 Русский
language-choose = Выберите язык, на котором я буду говорить в этом чате:
language-set = Готово: здесь я буду говорить по-русски. /help
cmd-language = выбрать язык бота

## Operator: admin alerts and /stats

alert-unauthorized = 🚨 {$exchange} отклоняет API-ключ бота (401). Его предложения не показываются (пользователи получают предложения других обменников), пока запрос с этим ключом снова не пройдёт: исправьте его API-ключ ({$setting}).
alert-down = 🚨 {$exchange} не отвечает уже {$minutes} мин (с {$since}). Курсы и новые обмены там недоступны; уведомления о статусах его обменов задерживаются.
alert-recovered = ✅ {$exchange} снова отвечает.
alert-suspect = 🛑 Обмен {$id} (чат {$chat}) не совпадает с тем, что подтвердил пользователь ({$fields}); адрес депозита не показан. Обе версии — в логе.
stats-not-allowed = /stats доступна только операторам бота.
stats =
    📊 <b>Обмены по статусам</b>
    Сегодня: {$today}
    За 7 дней: {$week}
    За всё время: {$all}

    <b>Объём по парам</b> (за всё время)
    {$pairs}

    <b>Активные пользователи</b>: {$usersToday} сегодня, {$usersWeek} за 7 дней
    <b>Ошибки обменника</b> (за час): {$errorRate} из {$requests} запросов
stats-pair = {$pair}: обменов {$swaps}, {$amount}
stats-exchanges = <b>Обменники</b> (выигранные котировки, отказы и сбои при создании — с запуска бота; обмены, завершённые и объём — за всё время; ошибки — за последний час)
stats-exchange = {$exchange}: выиграно котировок {$won}; обменов {$created}, отказов {$refused}, сбоев {$failed}, завершено {$completed}; объём {$volume}; ошибки {$errorRate} из {$requests} запросов

## /forget and groups

cmd-forget = удалить ваши завершённые обмены из бота
forget-ask =
    Будет удалено всё, что бот хранит об этом чате: завершённые обмены ({$finished}) и ваши настройки.
    Обмены в процессе ({$open}) сохранятся до завершения, чтобы я мог сообщить, чем они закончились.
    Удалить сейчас?
forget-yes = 🗑 Удалить
forget-no = Оставить
forget-kept = Ничего не удалено.
forget-done = 🗑 Удалено завершённых обменов: {$deleted}, и настройки этого чата. Обмены в процессе ({$kept}) сохранятся до завершения; потом запустите /forget ещё раз.
group-go-private = 🔒 Адресам не место в группе. Продолжим в личном чате.
group-go-private-button = Продолжить в личном чате

## Deposit memos, confirmed networks, fixed payouts, a Confirm after a crash (issue 17)

deposit-memo-line = Мемо (тег назначения): <code>{$memo}</code>
deposit-memo-warning = ⚠️ Это общий адрес: укажите мемо в поле memo/tag вашего кошелька (кнопка «📋 Мемо» копирует его). Депозит без него будет потерян.
webapp-memo-warning = ⚠️ Это общий адрес: укажите мемо в поле memo/tag вашего кошелька. Депозит без него будет потерян.
flow-already-created = Этот обмен уже создан. Вот данные для депозита:
flow-already-created-gone = По этому подтверждению уже был создан обмен, который затем удалён. Начните новый с /exchange.
flow-create-fixed-worse =
    🛑 <b>Обмен {$id} не соответствует вашему фиксированному курсу.</b>
    Биржа теперь предлагает ≈ {$offered} {$to} вместо подтверждённых вами {$quoted} {$to}, поэтому я не показываю адрес депозита. <b>Ничего не отправляйте</b> на этот обмен: он истечёт неиспользованным. Начните заново с /exchange, чтобы получить свежий курс.
flow-create-float-worse =
    🛑 <b>Обмен {$id} не соответствует вашему расчёту.</b>
    Биржа теперь оценивает выплату в ≈ {$offered} {$to} вместо подтверждённых вами ≈ {$quoted} {$to} — намного больше, чем плавающий курс меняется за это время, поэтому я не показываю адрес депозита. <b>Ничего не отправляйте</b> на этот обмен: он истечёт неиспользованным. Начните заново с /exchange, чтобы получить свежий курс.

## Tracker: swaps the exchange no longer knows, and other exchanges' swaps

push-given-up =
    ❓ <b>Обмен {$id}: обменник его больше не знает</b>
    Целые сутки обменник отвечает, что обмена с таким id у него нет, поэтому я перестал за ним следить и больше не пришлю о нём новостей. Если вы отправили по нему депозит, напишите в поддержку обменника и укажите id транзакции <code>{$id}</code>.
history-sandbox = 🧪 Тестовый обмен во встроенной песочнице: без настоящих средств, больше не отслеживается.
history-elsewhere = ↪️ Создан на другом обменнике, не на том, с которым бот работает сейчас: больше не отслеживается.
history-given-up = ❓ Обменник не знает его уже сутки: больше не отслеживается.
status-elsewhere = ↪️ Этот обмен создан на другом обменнике, не на том, с которым бот работает сейчас, поэтому я не могу о нём спросить: это последнее известное состояние.
status-given-up = ❓ Обменник больше не знает этот обмен, поэтому я перестал за ним следить. Если вы отправили по нему депозит, напишите в поддержку обменника и укажите id транзакции.

## The Mini App (the page's texts; webapp-* without variables are all sent to the page)

webapp-open-button = 📱 Открыть приложение обмена
webapp-menu-button = Обмен
webapp-title = Обмен
webapp-tab-new = Новый обмен
webapp-tab-list = Мои обмены
webapp-you-send = Вы отправляете
webapp-you-receive = Вы получаете
webapp-amount = Сумма
webapp-amount-units = Или введите сумму к получению с кодом монеты (например, 5 ETH) или её стоимость в долларах США (например, $100).
webapp-amount-receive = Хочу получить
webapp-payout = Адрес получения
webapp-payout-memo = Memo выплаты
webapp-payout-memo-hint = Memo или destination tag, который нужен счёту получателя; оставьте пустым, если он не нужен.
webapp-refund = Адрес возврата
webapp-refund-hint = Необязательно: куда обменник вернёт монеты, если обмен не удастся.
webapp-refund-memo = Memo возврата
webapp-search = Поиск по коду или названию, Enter выбирает
webapp-network = Сеть
webapp-network-default = по умолчанию обменника
webapp-rate-float = Плавающий курс
webapp-rate-fixed = Фиксированный курс
webapp-next = Далее
webapp-back = Назад
webapp-confirm = Подтвердить
webapp-summary = Проверьте обмен
webapp-you-get = Вы получите около
webapp-min = Минимум
webapp-max = Максимум
webapp-rate = Курс
webapp-loading = Загрузка…
webapp-send-exactly = Отправьте ровно
webapp-deposit-address = Адрес для депозита
webapp-memo = Мемо (тег назначения)
webapp-copy = Копировать
webapp-copied = Скопировано
webapp-status = Статус
webapp-transaction-id = Номер транзакции
webapp-swap-exchange = Обменник
webapp-swap-exchange-track = Следить на сайте обменника
webapp-payout-to = Выплата на
webapp-hash-in = Транзакция депозита
webapp-hash-out = Транзакция выплаты
webapp-closed = Обмен завершён: ничего не отправляйте на его адрес депозита.
webapp-received = Депозит получен; больше ничего отправлять не нужно.
webapp-held = Обменник задержал этот обмен для проверки, прежде чем продолжить. Ничего больше не отправляйте.
webapp-held-asks = Что он просит
webapp-held-link = Ответить обменнику
webapp-sandbox = Тестовый обменник: не отправляйте настоящие средства.
webapp-no-swaps = У вас ещё нет обменов.
webapp-open-from-telegram = Эта страница работает, только если открыть её из бота в Telegram. Откройте бота и нажмите кнопку приложения.
webapp-not-found = Обмен не найден.
webapp-error = Что-то пошло не так. Попробуйте ещё раз.
webapp-updated = Приложение обновилось: закройте его и откройте снова.
webapp-slow-down = Слишком много запросов. Подождите несколько секунд и попробуйте снова.
webapp-pending = Обменник не ответил ясно. Обмен проверяется и появится в «Моих обменах» в течение полутора минут; не подтверждайте снова.
webapp-already = Этот обмен уже создан.
webapp-suspect = Ответ обменника не совпадает с вашим заказом, поэтому адрес депозита не показан. Оператор уведомлён.
webapp-pick-coin = Выберите монету.
webapp-same-coin = Выберите две разные монеты.
webapp-amount-invalid = Введите сумму, например 0.5.
webapp-amount-ambiguous = {$input} можно прочитать как {$thousands} или как {$decimal}. Введите то, что имели в виду: {$thousands} или {$decimal}.
webapp-amount-below = Меньше минимума {$min} {$coin}.
webapp-amount-above = Больше максимума {$max} {$coin}.
webapp-quote-moved = Курс изменился; вот новые цифры. Проверьте их и подтвердите снова.
webapp-offers = Обменник
webapp-offer-best = лучшее предложение
webapp-offer-outside-limits = эта сумма вне его лимитов
webapp-kyc-legend = Рейтинг KYC: A никогда не просит документы, D может задержать средства до проверки личности.
webapp-exchange-refused = {$exchange} отказал в этом обмене: {$reason}
webapp-next-offer = Там ничего не создано. Вот предложение {$next}: проверьте его и подтвердите.
webapp-no-next-offer = Ничего не создано, и сейчас ни один другой обменник не предлагает этот обмен.

## Explorer links (receipts: the deposit and payout transactions in pushes, the card and /status)

tx-deposit = Транзакция депозита: <code>{$hash}</code>
tx-deposit-linked = Транзакция депозита: <code>{$hash}</code> · <a href="{$url}">{$site}</a>
tx-explorer-deposit = 🔍 <a href="{$url}">Транзакция депозита на {$site}</a>
tx-explorer-payout = 🔍 <a href="{$url}">Транзакция выплаты на {$site}</a>

## Fair shares: /status from what the bot knows, a chat's share of swap creations

status-known = ℹ️ Показано то, что бот узнал от обменника {$age} назад ({$checked}): вы спрашиваете очень часто, поэтому он не спрашивал снова. Об изменениях статуса бот по-прежнему сообщит сразу.
status-known-busy = ℹ️ Показано то, что бот узнал от обменника {$age} назад ({$checked}): сейчас спрашивают очень многие, поэтому он не смог спросить снова. Об изменениях статуса бот по-прежнему сообщит сразу.
age-seconds = {$n} с
age-minutes = {$n} мин
age-hours = {$n} ч
flow-create-chat-share = ⏳ Этот чат создал {$count ->
        [one] {$count} обмен
        [few] {$count} обмена
       *[many] {$count} обменов
    } за последнюю минуту — это предел для одного чата. Подтвердить снова можно через {$seconds} с.

## Кнопки копирования (copy_text в Telegram: кнопка копирует само значение)

copy-address = 📋 Адрес
copy-amount = 📋 Сумма
copy-memo = 📋 Мемо
copy-id = 📋 Id транзакции
copy-payout-memo = 📋 Memo выплаты
history-copy-id = 📋 Id {$n}

## Честные числа: фиксированная котировка точна и говорит, сколько действует; фактический курс

quote-rate-line = Курс: 1 {$from} {$rate} {$to} ({$rateType})
quote-fixed-holds = 🔒 Фиксированный курс: это точная сумма, которую вы получите. Он действует {$duration} после котировки; если подтвердите позже, я сначала проверю курс заново и покажу изменения.
rate-one = 💱 1 {$from} {$rate} {$to} ({$rateType})
status-received-fixed = {$amount} {$to} (фиксировано)
status-rate-paid = Курс фактически: 1 {$from} = {$paid} {$to}

## Support desk

cmd-support = написать в поддержку оператора об обмене
support-trust = 🛡 Поддержка никогда не пишет первой и никогда не просит ваши ключи, сид-фразу или «проверочный» платёж.
support-trust-desk = Её ответы приходят только в этот чат, через этого бота, с пометкой «Поддержка».
support-ask =
    🆘 <b>Поддержка</b>
    Что случилось? Опишите одним сообщением (скриншот с подписью тоже поможет), и я передам его команде поддержки оператора.
support-about-swap = Речь о вашем обмене <code>{$id}</code> ({$status}, {$amount} {$from} → {$to}). О другом? Выберите ниже.
support-about-none = Не о конкретном обмене.
support-pick-none = Не о конкретном обмене
support-ask-text = Пожалуйста, опишите проблему словами (подойдёт и фото или файл с подписью).
support-opened = ✅ Поддержка получила ваше сообщение: обращение №{$ticket}. Ответы придут сюда с пометкой «Поддержка». Всё, что вы ещё напишете здесь, попадёт в это же обращение, пока оно не закрыто.
support-added = ✉️ Добавлено в обращение №{$ticket}.
support-open-already = 🆘 Ваше обращение №{$ticket} открыто: пишите здесь, и поддержка это получит.
support-close-button = ✖️ Закрыть обращение №{$ticket}
support-closed-by-user = Обращение №{$ticket} закрыто. /support откроет новое.
support-closed-by-support = ✅ Поддержка закрыла обращение №{$ticket}. Если что-то ещё не так, /support откроет новое.
support-answer = 💬 <b>Поддержка</b> · обращение №{$ticket} (через этого бота):
support-flood = ⏳ Вы пишете быстрее, чем поддержка успевает читать. Подождите минуту: то, что придёт за это время, не передаётся.
support-open-limit = ⏳ За последний час вы открыли столько обращений, сколько поддержка принимает от одного человека. Новое можно будет открыть примерно через { $minutes } мин. Поддержка читает каждое обращение: ничего из отправленного не потерялось.
support-contact = 🆘 Чтобы связаться с поддержкой оператора, напишите {$contact}.
support-none = У этого бота нет службы поддержки, извините.
support-cancelled = Ваш запрос в поддержку отменён.
support-button = 🆘 Связаться с поддержкой
support-ticket-header = 🎫 <b>Обращение №{$ticket}</b>
support-ticket-from = От: {$name} · id <code>{$id}</code> · язык {$language}
support-ticket-swap =
    Обмен <code>{$id}</code> · {$status} ({$raw}) · создан {$created}
    {$amountIn} {$from} → {$amountOut} {$to} ({$rateType})
    Адрес депозита: <code>{$deposit}</code>
    Адрес выплаты: <code>{$withdrawal}</code>
    Адрес возврата: <code>{$refund}</code>
support-ticket-deposit-memo = Мемо депозита: <code>{$memo}</code>
support-ticket-exchange = Обменник: <b>{$exchange}</b> · id заказа у него <code>{$id}</code>
support-ticket-exchange-tracked = Обменник: <b>{$exchange}</b> · id заказа у него <code>{$id}</code> · <a href="{$link}">заказ на его сайте</a>
support-ticket-held = 🛂 Задержан обменником для проверки · просит: {$asks} · ссылка: {$link}
support-ticket-hash-deposit = Хеш депозита: <code>{$hash}</code>
support-ticket-hash-deposit-linked = Хеш депозита: <code>{$hash}</code> · <a href="{$url}">{$site}</a>
support-ticket-hash-payout = Хеш выплаты: <code>{$hash}</code>
support-ticket-hash-payout-linked = Хеш выплаты: <code>{$hash}</code> · <a href="{$url}">{$site}</a>
support-ticket-history = История: {$history}
support-ticket-no-swap = Не о конкретном обмене.
support-ticket-words = <b>Пользователь пишет:</b>
support-ticket-no-words = (без текста)
support-ticket-how = Ответьте (reply) на сообщение этого обращения, чтобы ответить пользователю; /close ответом (или кнопка) закрывает его.
support-ticket-how-forum = Пишите в этой теме, чтобы ответить пользователю; /close здесь (или кнопка) закрывает обращение.
support-ticket-follow-up = 🎫 №{$ticket} · {$name}:
support-ticket-closed-by-user = 🎫 №{$ticket}: пользователь закрыл обращение.
support-ticket-closed = 🎫 №{$ticket} закрыто; пользователь уведомлён.
support-ticket-not-open = 🎫 №{$ticket} закрыто: пользователь этого не получит.
support-close-needs-ticket = Ответьте (reply) на сообщение обращения командой /close (или напишите /close в его теме).
support-topic-name = №{$ticket} · {$name}
stats-support = <b>Поддержка</b>: открытых обращений {$open}, самое старое открыто {$age} назад
deposit-support-trust = 🛡 Поддержка никогда не пишет первой и никогда не просит ключи, сид-фразы или «проверочные» платежи.
webapp-support = 🆘 Написать в поддержку об этом обмене
support-ticket-words-below = (длинное: в следующих сообщениях)
support-ticket-step = {$status} {$at}
