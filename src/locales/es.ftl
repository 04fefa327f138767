## General

welcome =
    👋 ¡Hola{$name ->
        [none] {""}
       *[other] , {$name}
    }! Cambio una criptomoneda por otra: sin cuenta y sin registro.

    Toca /exchange para empezar un intercambio, o pide una cotización, por ejemplo <code>/rate 0.5 btc eth</code>.
    También puedes buscar monedas desde cualquier chat escribiendo <code>@{$bot} btc</code>.
    /help muestra todo lo que sé hacer.

help =
    <b>Qué hago</b>
    Cambio una moneda por otra a través de un servicio de intercambio instantáneo. Eliges las monedas y el monto, ves la cotización, indicas la dirección donde quieres recibir y yo te doy una dirección de depósito. Te aviso cada vez que tu intercambio avanza.

    <b>Comandos</b>
    {$commands}

    <b>Consejos</b>
    • En cada paso puedes escribir además de tocar botones: códigos de monedas (<code>btc</code>), nombres (<code>monero</code>), montos (<code>0.5</code> o <code>0,5</code>).
    • En el paso del monto, <code>5 eth</code> es lo que recibes (el código de la moneda a recibir) y <code>$100</code> o <code>100 usd</code> el monto que vale esos dólares estadounidenses.
    • Una moneda puede llevar su red: <code>usdt trc20</code> o <code>usdt@trc20</code>.
    • Busca monedas desde cualquier chat: <code>@{$bot} eth</code>.

cmd-start = bienvenida y cómo empezar
cmd-exchange = cambiar una moneda por otra
cmd-rate = cotización, p. ej. /rate 0.5 btc eth
cmd-currencies = ver o buscar monedas
cmd-status = estado de tu intercambio (el último o por id)
cmd-history = tus intercambios, los más recientes primero
cmd-cancel = salir del paso a paso actual
cmd-help = comandos y cómo usarme

error-generic = 😕 Algo salió mal de mi lado. Inténtalo de nuevo en un momento.
error-storage = ⏳ El bot no está disponible por un momento. Tus intercambios están a salvo: inténtalo de nuevo en un minuto.
error-storage-held = ⏳ El bot no está disponible por un momento. Tus intercambios están a salvo y responderé a este mensaje en cuanto vuelva: no hace falta que lo envíes de nuevo.
exchange-busy = ⏳ El exchange está ocupado ahora. Inténtalo de nuevo en {$seconds} s.
exchange-unavailable = 🔌 El exchange no está disponible por ahora. Inténtalo de nuevo en unos minutos.
exchange-not-found = El exchange no conoce este elemento.
exchange-rejected = ⚠️ El exchange no aceptó esto: {$reason}
button-expired = Este botón ya no está activo.

## Amounts and coins

amount-not-a-number = “{$input}” no es un número. Escríbelo así: <code>0.5</code> o <code>0,5</code>.
amount-negative = El monto debe ser positivo.
amount-zero = El monto debe ser mayor que cero.
amount-too-precise = Ese monto tiene demasiados decimales.
amount-ambiguous = «{$input}» se puede leer de dos maneras: {$thousands} (coma de miles) o {$decimal} (coma decimal). Escribe la que quieres decir: <code>{$thousands}</code> o <code>{$decimal}</code>.
coin-unknown = No conozco la moneda “{$input}”.
coin-unknown-suggest = No conozco la moneda “{$input}”. ¿Quisiste decir {$suggestions}?
coin-ambiguous = “{$input}” coincide con varias monedas: {$options}. Escribe el código, por favor.
coin-number = “{$input}” es un número, no una moneda. Elige primero las monedas: te pregunto cuánto cambiar cuando estén elegidas las dos.
coin-same = Elegiste {$coin} en ambos lados. Elige dos monedas distintas.
rate-type-float = tasa flotante
rate-type-fixed = tasa fija

## /rate

rate-usage =
    Envíalo así: <code>/rate MONTO DE A</code>
    Por ejemplo: <code>/rate 0.5 btc eth</code>
    O con el monto a recibir: <code>/rate 5 eth from btc</code>, o en dólares: <code>/rate $100 btc eth</code>
quote =
    💱 <b>{$amount} {$from}</b> → <b>{$toAmount} {$to}</b>
    Tasa: 1 {$from} {$rate} {$to} ({$rateType})
    Mínimo: {$min} {$from} · Máximo: {$max} {$from}
quote-below-min = ⚠️ {$amount} {$from} está por debajo del mínimo de <b>{$min} {$from}</b>.
quote-above-max = ⚠️ {$amount} {$from} está por encima del máximo de <b>{$max} {$from}</b>.
quote-below-min-at = ⚠️ {$amount} {$from} está por debajo del mínimo más bajo, <b>{$min} {$from}</b> (en {$exchange}).
quote-above-max-at = ⚠️ {$amount} {$from} está por encima del máximo más alto, <b>{$max} {$from}</b> (en {$exchange}).
quote-exchange-note = Nota del exchange: {$message}
quote-offer = 🏦 Exchange: <b>{$exchange}</b>
quote-offer-best-of = la mejor de {$count} exchanges
quote-offer-eta = ⏱ {$min}–{$max} min
quote-offer-eta-one = ⏱ unos {$minutes} min
quote-offer-kyc = KYC {$rating}
quote-kyc-legend = Niveles de KYC: A nunca pide identidad · B solo para fondos señalados · C puede pedirla si un intercambio parece sospechoso · D puede retener los fondos hasta la verificación.
rate-start-swap = 🔁 Cambiar {$from} → {$to}

## /currencies

currencies-title = <b>Monedas</b> ({$total}) · página {$page} de {$pages}
currencies-title-search = <b>Monedas que coinciden con “{$query}”</b> ({$total}) · página {$page} de {$pages}
currencies-title-similar = <b>Ninguna moneda coincide con “{$query}”</b>. Códigos y nombres parecidos ({$total}) · página {$page} de {$pages}
currencies-section-exact = <b>{$count ->
        [one] Coincidencia exacta
       *[other] Coincidencias exactas
    }</b>
currencies-section-also = <b>También coinciden</b> ({$count})
currencies-section-similar = <b>Parecidas, por si hay una errata</b> ({$count})
currencies-empty = Ninguna moneda coincide con “{$query}”. Prueba un código como <code>btc</code> o un nombre como <code>monero</code>.
currencies-empty-catalog = La lista de monedas aún no está cargada. Inténtalo de nuevo en un minuto.
currencies-hint = Buscar: <code>/currencies nombre</code> · Cotización: <code>/rate 1 btc eth</code>
button-prev = ◀ Atrás
button-next = Siguiente ▶

## The exchange conversation
## Each prompt contains its own step's word (send, receive, amount, address, refund) and none of the
## later steps' words: scripts and screen-reader users tell the steps apart by them.

flow-ask-from =
    🔁 <b>Nuevo intercambio</b>
    ¿Qué moneda quieres <b>enviar</b>? Toca una o escribe su código o nombre (p. ej. <code>btc</code>, <code>monero</code>).
flow-ask-to =
    Envías <b>{$from}</b>.
    ¿Qué moneda quieres <b>recibir</b>? Toca una o escribe su código o nombre.
flow-ask-amount =
    {$from} → <b>{$to}</b>
    ¿Qué <b>monto</b> de {$from} quieres cambiar? Escribe un número, p. ej. <code>0.5</code>.
flow-amount-limits = Mínimo: {$min} {$from}{$max ->
        [none] {""}
       *[other] {" "}· Máximo: {$max} {$from}
    }
flow-network-default = Red para {$coin}: <b>{$network}</b>, la predeterminada del exchange. Toca otra para cambiarla.
flow-network-set = Red para {$coin}: {$network}
flow-quoting = ⏳ Obteniendo una cotización…
flow-ask-address = Ahora escribe la <b>dirección de {$to}</b> donde quieres recibir las monedas.
flow-ask-memo =
    ¿Esta dirección de {$coin} necesita un <b>memo</b> de pago ({$name})? Una cuenta de exchange o una billetera compartida lo da junto con su dirección: escríbelo, o toca «Sin memo» (o escribe skip).
flow-memo-default-name = memo o etiqueta de destino (destination tag)
flow-memo-again = Escribe el memo de pago para {$coin}, o toca «Sin memo».
flow-memo-problem-empty = Escribe el memo, o toca «Sin memo».
flow-memo-problem-tag = Una etiqueta de destino (destination tag) es un número entero de 0 a 4294967295.
flow-memo-problem-pattern = Eso no es un {$name} válido para esta red.
flow-memo-problem-length = Es demasiado largo para un {$name}: como máximo 100 caracteres.
flow-memo-problem-characters = Un {$name} es una sola línea de caracteres normales.
payout-memo-line = Memo de pago: <code>{$memo}</code>
button-no-memo = Sin memo ⏭
flow-near-min = ⚠️ Esto está cerca del mínimo: si la tasa o los límites cambian antes de que llegue tu depósito, un depósito por debajo del mínimo puede perderse. Considera enviar un poco más.
flow-near-max = ⚠️ Esto está cerca del máximo: si la tasa o los límites cambian antes de que llegue tu depósito, un depósito por encima del máximo puede ser devuelto.
flow-amount-range = Escribe un monto entre {$min} y {$max} {$from}.
flow-amount-at-least = Escribe un monto de al menos {$min} {$from}.
flow-amount-again = Escribe el monto de {$from} a cambiar, p. ej. <code>0.5</code>.
flow-amount-other-units = O escribe cuánto quieres recibir, p. ej. <code>5 {$code}</code>, o su valor en dólares estadounidenses, p. ej. <code>$100</code>.
amount-unknown-unit = “{$unit}” no es {$from} ni {$to}. Escribe solo un número para {$from}, un número con <code>{$to}</code> para el monto a recibir, o <code>$100</code> / <code>100 usd</code> para dólares.
amount-no-dollar-coin = Ahora no puedo calcular dólares: el exchange no ofrece ninguna stablecoin en dólares. Escribe el monto en {$from}.
amount-no-rate = El exchange no dio una tasa con la que calcular ese monto. Escribe el monto en {$from}.
flow-amount-dollars = 💵 ${$dollars} ≈ <b>{$amount} {$from}</b> a 1 {$from} ≈ {$price} {$coin}.
flow-amount-receive = Para recibir {$receive} {$to} envías <b>{$amount} {$from}</b>{$how ->
        [exact] .
       *[rate] {" "}(calculado con la tasa: lo que recibes es una estimación).
    }
flow-ask-refund =
    Opcional: una dirección de <b>reembolso</b> de {$from}, donde el exchange te devuelve tus monedas si el intercambio falla. Escríbela o toca «Omitir».
flow-summary =
    <b>Revisa tu intercambio</b>
    Envías: <b>{$amount} {$from}</b>
    Recibes: <b>{$toAmount} {$to}</b> ({$rateType})
    Tasa: 1 {$from} {$rate} {$to}
    Recibes en: <code>{$address}</code>
    Reembolso a: {$refund}
flow-summary-no-refund = (ninguna)
flow-summary-exchange = Exchange: <b>{$exchange}</b>
flow-summary-ask = Toca «Confirmar» para crear el intercambio, o «Cancelar».
flow-quote-moved = ℹ️ La tasa cambió desde tu cotización; estas son las nuevas cifras.
flow-address-problem-empty = Escribe una dirección, por favor.
flow-address-problem-spaces = Una dirección no tiene espacios. Pégala de nuevo, por favor.
flow-address-problem-length = Eso no parece una dirección: es demasiado corta o demasiado larga.
flow-address-problem-characters = Esa dirección tiene caracteres que ninguna dirección tiene.
flow-address-problem-format = Esa no es una dirección válida de {$coin}{$network ->
        [none] {""}
       *[other] {" "}en {$network}
    }.
flow-address-again = Escribe de nuevo la dirección de {$coin}.
flow-address-other-network = ⚠️ Esa es una dirección de {$coin} en {$other}, pero este intercambio paga en <b>{$network}</b>: las monedas enviadas allí se perderían. Para recibir en {$other} en esta dirección, toca el botón de abajo: el intercambio se cotiza de nuevo en {$other}.
flow-network-switched = 🔀 Este intercambio ahora paga en <b>{$network}</b>, a <code>{$address}</code>. La nueva cotización:
flow-offer-gone = ℹ️ {$exchange} ya no cotiza esto: esta es la mejor oferta, en {$best}.
flow-refund-again = Escribe una dirección de reembolso de {$coin}, o toca «Omitir».
flow-ask-refund-memo =
    ¿Esta dirección de {$coin} necesita un memo ({$name}) para el <b>reembolso</b>? Una cuenta de exchange o una billetera compartida lo da junto con su dirección: escríbelo, o toca «Sin memo» (o escribe skip).
flow-refund-memo-again = Escribe el memo de reembolso para {$coin}, o toca «Sin memo».
refund-memo-line = Memo de reembolso: <code>{$memo}</code>
flow-not-understood = Escribe una respuesta o toca un botón debajo del último mensaje.
flow-step-over = Este paso ya terminó.
flow-cancelled = ✖ Intercambio cancelado. Empieza uno nuevo con /exchange.
flow-nothing-to-cancel = No hay nada que cancelar. Empieza un intercambio con /exchange.
flow-expired = ⌛ Tu intercambio anterior esperó demasiado una respuesta y expiró. Empecemos uno nuevo.
flow-too-many-tries = Ya son {$count} respuestas seguidas que este paso no pudo usar. Empecemos de nuevo: /exchange
flow-creating = ⏳ Creando tu intercambio…
flow-create-failed = No se creó nada. Toca «Confirmar» para intentarlo de nuevo, o «Cancelar».
flow-create-rejected = No se creó nada. Empieza de nuevo con /exchange.
flow-failover-refused = ⚠️ {$exchange} rechazó este intercambio: {$reason}
flow-failover-unavailable = 🔌 {$exchange} no puede hacer este intercambio ahora.
flow-failover-next = ↪️ Esta es la siguiente mejor oferta, de <b>{$exchange}</b>, cotizada ahora mismo. Allí no se crea nada hasta que confirmes estas cifras.
flow-failover-none = Ningún otro exchange ofrece este intercambio ahora. No se creó nada. Empieza de nuevo con /exchange.
flow-create-pending = ⏳ El exchange no respondió con claridad. Tu intercambio puede haberse creado: lo estoy comprobando y te enviaré aquí la dirección de depósito en cuanto lo sepa, o te diré que no se creó nada. Mientras tanto, no envíes nada ni empieces otro intercambio con los mismos fondos.
flow-still-checking = ⏳ Sigo comprobando si el exchange creó este intercambio. Te enviaré aquí su dirección de depósito en cuanto lo sepa, o te diré que no se creó nada (entonces podrás confirmar de nuevo). No envíes nada antes de eso.
flow-create-suspect =
    🛑 <b>El intercambio {$id} no se pudo preparar de forma segura.</b>
    La respuesta del exchange no coincide con lo que confirmaste, así que no muestro su dirección de depósito. <b>No envíes nada</b> para este intercambio. Ya se avisó al operador del bot; empieza un intercambio nuevo con /exchange.

button-skip = Omitir ⏭
button-confirm = ✅ Confirmar
button-cancel = ✖ Cancelar
button-rate-float = Tasa flotante
button-rate-fixed = Tasa fija
button-switch-network = Recibir en {$network}
button-offer = {$exchange} · {$toAmount} {$to}
button-selected = ✓ {$label}

## The deposit message (also the status card, edited as the swap moves on)

deposit =
    ✅ <b>Intercambio creado</b>
    Envía exactamente <code>{$amount}</code> <b>{$from}</b> a esta dirección de depósito:
    <code>{$address}</code>

    Recibes: {$toAmount} {$to} ({$rateType})
    Recibes en: <code>{$withdrawal}</code>
    Id de la transacción: <code>{$id}</code>
    Estado: {$status}

    Los botones de abajo copian la dirección, el monto y el id de la transacción. Cuando llegue tu depósito te contaré aquí cada paso: confirmando, intercambiando, completado. Consúltalo cuando quieras con /status.
card-in-progress =
    ⚙️ <b>Intercambio en curso</b>
    Tu depósito de <code>{$amount}</code> <b>{$from}</b> ya llegó: no lo envíes otra vez.

    Recibes: {$toAmount} {$to} ({$rateType})
    Recibes en: <code>{$withdrawal}</code>
    Id de la transacción: <code>{$id}</code>
    Estado: {$status}

    Te avisaré cuando avance. Consúltalo cuando quieras con /status.
card-held =
    🛂 <b>Intercambio retenido para verificación</b>
    Envías: <code>{$amount}</code> <b>{$from}</b>

    Recibes: {$toAmount} {$to} ({$rateType})
    Recibes en: <code>{$withdrawal}</code>
    Id de la transacción: <code>{$id}</code>
    Estado: {$status}

    Te avisaré cuando avance. Consúltalo cuando quieras con /status.
deposit-sandbox = 🧪 <b>entorno de pruebas: no envíes fondos reales</b>. Este intercambio es simulado.
card-sandbox = 🧪 <b>entorno de pruebas</b>: este intercambio fue simulado.
card-success =
    ✅ <b>Intercambio completado</b>
    {$amountIn} {$from} → <b>{$amountOut} {$to}</b>
    Recibes en: <code>{$withdrawal}</code>
    { $payout ->
        [pending] Transacción de pago: el exchange aún no la muestra; te la enviaré en cuanto la muestre.
       *[sent] Transacción de pago: <code>{$hashOut}</code>
    }
    Id de la transacción: <code>{$id}</code>
    Estado: {$status}
card-overdue =
    ⌛ <b>Intercambio expirado</b>
    No llegó ningún depósito de {$amountIn} {$from} antes de que se cerrara el plazo de depósito.
    Id de la transacción: <code>{$id}</code>
    Estado: {$status}
card-refunded =
    ↩️ <b>Intercambio reembolsado</b>
    El exchange devolvió tus {$amountIn} {$from} a <code>{$refundTo}</code>.
    Id de la transacción: <code>{$id}</code>
    Estado: {$status}
swap-closed = 🔒 Este intercambio está cerrado y su dirección de depósito ya no acepta fondos.
swap-expired-help =
    🔒 No envíes nada más a <code>{$deposit}</code>: esa dirección de depósito está cerrada.
    Si ya enviaste fondos, contacta al soporte del exchange e indica el id de la transacción <code>{$id}</code> y el hash de tu depósito. {$refund ->
        [none] Un reembolso necesita una dirección de destino: ten lista una dirección de {$from} tuya.
       *[other] Pueden devolver los fondos a tu dirección de reembolso <code>{$refund}</code>.
    }
deposit-qr-caption = Dirección de depósito para {$amount} {$from}
swap-exchange-line = 🏦 Exchange: <b>{$exchange}</b>
swap-exchange-tracked = 🏦 Exchange: <b>{$exchange}</b> · <a href="{$link}">sigue este intercambio en {$exchange}</a>

## Swap states

status-wait = esperando tu depósito
status-confirmation = confirmando
status-exchanging = intercambiando
status-success = completado
status-overdue = expirado
status-refunded = reembolsado
status-refunding = reembolso en curso
status-verifying = retenido para verificación

## Inline mode

inline-coin-title = {$code} — {$name}
inline-coin-description = Toca para compartir · cámbiala conmigo
inline-coin-message =
    <b>{$code}</b> — {$name}
    {$notes}
inline-swap-button = 🔁 Cambiar {$code}
inline-quote-title = {$amount} {$from} → {$toAmount} {$to}
inline-quote-description = Tasa 1 {$from} {$rate} {$to} · mín. {$min} · máx. {$max} {$from}
inline-quote-out-of-range-title = {$amount} {$from} está fuera de los límites
inline-quote-out-of-range-description = Mínimo {$min} {$from} · máximo {$max} {$from}
inline-hint-button = Abre el bot para cambiar
rate-too-fast = ⏳ Estás pidiendo cotizaciones muy rápido. Espera unos segundos e inténtalo de nuevo.
fallback-hint = No entendí eso. Empieza un intercambio con /exchange, pide una cotización con /rate o mira /help.
flow-updated = El bot se actualizó mientras estabas a mitad de un intercambio, así que ese intercambio no se guardó: empieza de nuevo con /exchange.

## /status and /history

status-none = Aún no tienes intercambios. Empieza uno con /exchange.
status-not-found = No se encontró el intercambio “{$id}”. /history lista tus intercambios.
status-card =
    📄 <b>Intercambio</b> <code>{$id}</code>
    Estado: <b>{$status}</b>
    {$finished ->
        [yes] Monto: {$amountIn} {$from}
       *[other] Envías: <code>{$amountIn}</code> {$from}
    }
    {$finished ->
        [yes] Recibido: {$received}
       *[other] Recibes: {$received}
    }
    {$rate}
    Dirección de depósito: <code>{$deposit}</code>
    Dirección de recepción: <code>{$withdrawal}</code>
    Dirección de reembolso: {$refund}
    Transacción de depósito: {$hashIn}
    Transacción de pago: {$hashOut}
    Creado: {$created}
status-received-expected = {$amount} {$to} (estimado)
status-received-final = {$amount} {$to}
status-rate = Tasa: 1 {$from} {$rate} {$to} ({$rateType})
status-rate-unknown = Tasa: — ({$rateType})
status-rate-quoted = Tasa cotizada: 1 {$from} {$rate} {$to} ({$rateType})
status-none-value = —
status-stale = ⚠️ No puedo comunicarme con el exchange ahora: este es el último estado conocido, a las {$checked}.
status-refresh = 🔄 Actualizar
history-title = <b>Tus intercambios</b> ({$total}) · página {$page} de {$pages}
history-line =
    {$n}. {$amountIn} {$from} → {$to} · {$status}
    Id <code>{$id}</code> · {$created}
history-empty = Aún no tienes intercambios. Empieza uno con /exchange.
history-open = 🔎 {$n}

## Status pushes (one new message per change)

push-confirmation =
    🔎 <b>Intercambio {$id}: confirmando</b>
    Tu depósito de {$amountIn} {$from} llegó y se está confirmando en la red. No tienes que hacer nada: te avisaré cuando avance.
push-exchanging =
    ⚙️ <b>Intercambio {$id}: intercambiando</b>
    Tus {$amountIn} {$from} están confirmados y se están cambiando por {$to}.
push-success =
    ✅ <b>Intercambio {$id}: completado</b>
    Recibiste <b>{$amountOut} {$to}</b> en <code>{$withdrawal}</code>.
    { $payout ->
        [pending] Transacción de pago: el exchange aún no la muestra; te la enviaré en cuanto la muestre.
       *[sent] Transacción de pago: <code>{$hashOut}</code>
    }
push-payout =
    🧾 <b>Intercambio {$id}: pago enviado</b>
    El exchange envió <b>{$amountOut} {$to}</b> a <code>{$withdrawal}</code>.
    Transacción de pago: <code>{$hashOut}</code>
push-overdue =
    ⌛ <b>Intercambio {$id}: expirado</b>
    No llegó ningún depósito antes de que se cerrara el plazo, así que este intercambio está cerrado. Empieza uno nuevo con /exchange.
push-refunded =
    ↩️ <b>Intercambio {$id}: reembolsado</b>
    El exchange devolvió tus {$amountIn} {$from} a <code>{$refundTo}</code>.
push-refunded-no-address = la dirección desde la que enviaste
push-refunding =
    ↩️ <b>Intercambio {$id}: reembolso en curso</b>
    El exchange está devolviendo tus {$amountIn} {$from} a <code>{$refundTo}</code>. Te avisaré cuando termine.
push-verifying =
    🛂 <b>Intercambio {$id}: retenido para verificación</b>
    El exchange retiene este intercambio para verificarlo antes de continuar. No se ha perdido nada y no hay que enviar nada de nuevo: responde al exchange y te avisaré cuando siga adelante.
swap-held = 🛂 El exchange retiene este intercambio para verificarlo antes de continuar. No envíes nada más hasta que el exchange lo deje seguir.
swap-held-asks = Lo que pide: {$asks}
swap-held-link = Dónde responder: {$link}
swap-held-no-link = Escribe al soporte del exchange e indica el id del intercambio <code>{$id}</code>.
push-wait =
    ⏳ <b>Intercambio {$id}: esperando tu depósito</b>
    Envía exactamente <code>{$amountIn}</code> {$from} a <code>{$deposit}</code>.
push-other =
    ℹ️ <b>Intercambio {$id}: {$status}</b>
    El exchange informa un nuevo estado de tu intercambio. Lo sigo de cerca y te avisaré cuando avance.
reconcile-found = ✅ Lo encontré: el exchange sí creó tu intercambio.
reconcile-not-created = ℹ️ El exchange no tiene registro del intercambio que confirmaste: no se creó nada y no existe ninguna dirección de depósito para él. Puedes empezar de nuevo con /exchange.
swap-suspect =
    🛑 <b>El intercambio {$id} no se pudo preparar de forma segura.</b>
    El exchange creó un intercambio para tu confirmación, pero sus datos no coinciden con lo que confirmaste, así que no muestro su dirección de depósito. <b>No envíes nada</b> para este intercambio. Ya se avisó al operador del bot; empieza uno nuevo con /exchange.
push-suspect =
    ℹ️ <b>Intercambio {$id}: {$status}</b>
    Este intercambio no se pudo preparar de forma segura: no le envíes nada. Si ya lo hiciste, contacta al soporte del exchange con el id de la transacción {$id}.
push-stuck =
    🕰 <b>El intercambio {$id} está tardando más de lo normal</b> (sigue {$status}).
    No se pierde nada: lo sigo de cerca. Si continúa así, contacta al soporte del exchange con el id de la transacción {$id}.
push-stuck-confirmation =
    🕰 <b>El intercambio {$id} está tardando más de lo normal</b>
    Tu depósito llegó pero aún espera confirmaciones de la red. No se pierde nada: un depósito enviado con una comisión de red baja puede tardar horas en confirmarse, y el intercambio sigue solo cuando se confirme. Si continúa así mucho más tiempo, contacta al soporte del exchange e indica el id de la transacción {$id}.
push-stuck-exchanging =
    🕰 <b>El intercambio {$id} está tardando más de lo normal</b>
    Tu depósito está confirmado y el exchange sigue preparando el pago. No se pierde nada y no hay que enviar nada otra vez. Si continúa así mucho más tiempo, contacta al soporte del exchange e indica el id de la transacción {$id}.

## /language

language-name = 🇪🇸 Español
language-choose = Elige el idioma en que hablo en este chat:
language-set = Listo: aquí hablaré en español. /help
cmd-language = elegir el idioma del bot

## Operator: admin alerts and /stats

alert-unauthorized = 🚨 {$exchange} rechaza la clave de API del bot (401). Sus ofertas quedan fuera (los usuarios reciben las de los otros exchanges) hasta que una petición con la clave vuelva a funcionar: corrige su clave de API ({$setting}).
alert-down = 🚨 {$exchange} lleva {$minutes} min fallando (desde {$since}). No se pueden cotizar ni crear intercambios allí; los avisos de estado de sus intercambios se retrasan.
alert-recovered = ✅ {$exchange} vuelve a responder.
alert-suspect = 🛑 El intercambio {$id} (chat {$chat}) no coincide con lo que confirmó su usuario ({$fields}); se ocultó su dirección de depósito. Ambas versiones están en el registro.
stats-not-allowed = /stats es solo para los operadores del bot.
stats =
    📊 <b>Intercambios por estado</b>
    Hoy: {$today}
    Últimos 7 días: {$week}
    Desde siempre: {$all}

    <b>Volumen por par</b> (desde siempre)
    {$pairs}

    <b>Usuarios activos</b>: {$usersToday} hoy, {$usersWeek} en 7 días
    <b>Errores del exchange</b> (última hora): {$errorRate} de {$requests} solicitudes
stats-pair = {$pair}: {$swaps} intercambios, {$amount}
stats-exchanges = <b>Exchanges</b> (cotizaciones ganadas, creaciones rechazadas y fallidas: desde que arrancó el bot; intercambios, completados y volumen: desde siempre; errores: última hora)
stats-exchange = {$exchange}: {$won} cotizaciones ganadas; {$created} intercambios, {$refused} rechazados, {$failed} fallidos, {$completed} completados; volumen {$volume}; errores {$errorRate} de {$requests} solicitudes

## /forget and groups

cmd-forget = borrar del bot tus intercambios terminados
forget-ask =
    Esto borra lo que el bot guarda sobre este chat: {$finished} intercambios terminados y tus ajustes.
    {$open} intercambios aún en curso se conservan hasta que terminen, para poder contarte cómo acaban.
    ¿Borrar ahora?
forget-yes = 🗑 Borrar
forget-no = Conservar
forget-kept = No se borró nada.
forget-done = 🗑 Se borraron {$deleted} intercambios terminados y los ajustes de este chat. {$kept} intercambios en curso se conservan hasta que terminen; usa /forget de nuevo después.
group-go-private = 🔒 Las direcciones no deben ir en un grupo. Sigamos en un chat privado.
group-go-private-button = Seguir en chat privado

## Deposit memos, confirmed networks, fixed payouts, a Confirm after a crash (issue 17)

deposit-memo-line = Memo (etiqueta de destino / destination tag): <code>{$memo}</code>
deposit-memo-warning = ⚠️ Esta dirección es compartida: pon el memo en el campo «memo» o «tag» de tu billetera (el botón «📋 Memo» lo copia). Un depósito sin él se pierde.
webapp-memo-warning = ⚠️ Esta dirección es compartida: pon el memo en el campo «memo» o «tag» de tu billetera. Un depósito sin él se pierde.
flow-already-created = Este intercambio ya se había creado. Estos son sus datos de depósito:
flow-already-created-gone = Esta confirmación ya creó un intercambio, que después se borró. Empieza uno nuevo con /exchange.
flow-create-fixed-worse =
    🛑 <b>El intercambio {$id} no coincide con tu cotización de tasa fija.</b>
    El exchange ahora ofrece ≈ {$offered} {$to} en lugar de los {$quoted} {$to} que confirmaste, así que no muestro su dirección de depósito. <b>No envíes nada</b> para este intercambio: expirará sin usarse. Empieza de nuevo con /exchange para obtener una cotización nueva.
flow-create-float-worse =
    🛑 <b>El intercambio {$id} no coincide con tu cotización.</b>
    El exchange ahora estima ≈ {$offered} {$to} en lugar de los ≈ {$quoted} {$to} que confirmaste, mucho más de lo que se mueve una tasa flotante en ese tiempo, así que no muestro su dirección de depósito. <b>No envíes nada</b> para este intercambio: expirará sin usarse. Empieza de nuevo con /exchange para obtener una cotización nueva.

## Tracker: swaps the exchange no longer knows, and other exchanges' swaps

push-given-up =
    ❓ <b>Intercambio {$id}: el exchange ya no lo conoce</b>
    Durante un día entero el exchange ha respondido que no tiene ningún intercambio con este id, así que dejé de seguirlo y no enviaré más avisos sobre él. Si enviaste un depósito, contacta al soporte del exchange e indica el id de la transacción <code>{$id}</code>.
history-sandbox = 🧪 Intercambio de prueba en el exchange de pruebas integrado: sin fondos reales, ya no se sigue.
history-elsewhere = ↪️ Creado en un exchange distinto del que usa ahora el bot: ya no se sigue.
history-given-up = ❓ Desconocido para el exchange durante un día: ya no se sigue.
status-elsewhere = ↪️ Este intercambio se creó en un exchange distinto del que usa ahora el bot, así que no puedo consultarlo: este es el último estado conocido.
status-given-up = ❓ El exchange ya no conoce este intercambio, así que dejé de seguirlo. Si enviaste un depósito, contacta al soporte del exchange con el id de la transacción.

## The Mini App (the page's texts; webapp-* without variables are all sent to the page)

webapp-open-button = 📱 Abrir la app de intercambio
webapp-menu-button = Cambiar
webapp-title = Intercambio
webapp-tab-new = Nuevo intercambio
webapp-tab-list = Mis intercambios
webapp-you-send = Envías
webapp-you-receive = Recibes
webapp-amount = Monto
webapp-amount-units = O escribe el monto a recibir con el código de su moneda (p. ej. 5 ETH), o su valor en dólares estadounidenses (p. ej. $100).
webapp-amount-receive = Quiero recibir
webapp-payout = Dirección de recepción
webapp-refund = Dirección de reembolso
webapp-payout-memo = Memo de pago
webapp-payout-memo-hint = El memo o la etiqueta de destino (destination tag) que necesita tu cuenta receptora; déjalo vacío si no lo necesita.
webapp-refund-hint = Opcional: donde el exchange te devuelve tus monedas si el intercambio falla.
webapp-refund-memo = Memo de reembolso
webapp-search = Busca por código o nombre; Enter elige
webapp-network = Red
webapp-network-default = predeterminada del exchange
webapp-rate-float = Tasa flotante
webapp-rate-fixed = Tasa fija
webapp-next = Siguiente
webapp-back = Atrás
webapp-confirm = Confirmar
webapp-summary = Revisa tu intercambio
webapp-you-get = Recibes aproximadamente
webapp-min = Mínimo
webapp-max = Máximo
webapp-rate = Tasa
webapp-loading = Cargando…
webapp-send-exactly = Envía exactamente
webapp-deposit-address = Dirección de depósito
webapp-memo = Memo (etiqueta de destino / destination tag)
webapp-copy = Copiar
webapp-copied = Copiado
webapp-status = Estado
webapp-transaction-id = Id de la transacción
webapp-swap-exchange = Exchange
webapp-swap-exchange-track = Síguelo en el sitio del exchange
webapp-payout-to = Recibes en
webapp-hash-in = Transacción de depósito
webapp-hash-out = Transacción de pago
webapp-closed = Este intercambio terminó: no envíes nada a su dirección de depósito.
webapp-received = El depósito llegó; no hay que enviar nada más.
webapp-held = El exchange retiene este intercambio para verificarlo antes de continuar. No envíes nada de nuevo.
webapp-held-asks = Lo que pide
webapp-held-link = Responder al exchange
webapp-sandbox = Exchange de pruebas: no envíes fondos reales.
webapp-no-swaps = Aún no tienes intercambios.
webapp-open-from-telegram = Esta página solo funciona abierta desde el bot en Telegram. Abre el bot y toca su botón de la app.
webapp-not-found = No se encontró el intercambio.
webapp-error = Algo salió mal. Inténtalo de nuevo.
webapp-updated = La app se actualizó: ciérrala y vuelve a abrirla.
webapp-slow-down = Demasiadas solicitudes. Espera unos segundos e inténtalo de nuevo.
webapp-pending = El exchange no respondió con claridad. Tu intercambio se está comprobando y aparecerá en «Mis intercambios» en un minuto y medio; no confirmes otra vez.
webapp-already = Este intercambio ya se había creado.
webapp-suspect = La respuesta del exchange no coincide con tu pedido, así que no se muestra ninguna dirección de depósito. Ya se avisó al operador.
webapp-pick-coin = Elige una moneda.
webapp-same-coin = Elige dos monedas distintas.
webapp-amount-invalid = Escribe un monto, p. ej. 0.5.
webapp-amount-ambiguous = {$input} se puede leer como {$thousands} o como {$decimal}. Escribe la que quieres decir: {$thousands} o {$decimal}.
webapp-amount-below = Por debajo del mínimo de {$min} {$coin}.
webapp-amount-above = Por encima del máximo de {$max} {$coin}.
webapp-quote-moved = La tasa cambió; estas son las nuevas cifras. Revísalas y confirma de nuevo.
webapp-offers = Casa de cambio
webapp-offer-best = mejor oferta
webapp-offer-outside-limits = sus límites no admiten este monto
webapp-kyc-legend = Calificación KYC: A nunca pide identificación, D puede retener los fondos hasta que te verifiques.
webapp-exchange-refused = {$exchange} rechazó este intercambio: {$reason}
webapp-next-offer = Allí no se creó nada. Esta es la oferta de {$next}: revísala y confirma.
webapp-no-next-offer = No se creó nada y ninguna otra casa de cambio ofrece este intercambio ahora.

## Explorer links (receipts: the deposit and payout transactions in pushes, the card and /status)

tx-deposit = Transacción de depósito: <code>{$hash}</code>
tx-deposit-linked = Transacción de depósito: <code>{$hash}</code> · <a href="{$url}">{$site}</a>
tx-explorer-deposit = 🔍 <a href="{$url}">Transacción de depósito en {$site}</a>
tx-explorer-payout = 🔍 <a href="{$url}">Transacción de pago en {$site}</a>

## Fair shares: /status from what the bot knows, a chat's share of swap creations

status-known = ℹ️ Se muestra como el bot lo supo del exchange por última vez, hace {$age} ({$checked}): estás consultando muy seguido, así que no volvió a preguntar. Los cambios de estado se te siguen enviando en cuanto ocurren.
status-known-busy = ℹ️ Se muestra como el bot lo supo del exchange por última vez, hace {$age} ({$checked}): mucha gente está consultando ahora, así que no pudo volver a preguntar. Los cambios de estado se te siguen enviando en cuanto ocurren.
age-seconds = {$n} s
age-minutes = {$n} min
age-hours = {$n} h
flow-create-chat-share = ⏳ Este chat creó {$count ->
        [one] {$count} intercambio
       *[other] {$count} intercambios
    } en el último minuto, el máximo permitido por chat. Podrás confirmar de nuevo en {$seconds} s.

## Botones de copiar (copy_text de Telegram: el botón copia el valor mismo)

copy-address = 📋 Dirección
copy-amount = 📋 Monto
copy-memo = 📋 Memo
copy-id = 📋 Id de la transacción
copy-payout-memo = 📋 Memo de pago
history-copy-id = 📋 Id {$n}

## Números honestos: una cotización fija es exacta y dice cuánto dura; la tasa pagada

quote-rate-line = Tasa: 1 {$from} {$rate} {$to} ({$rateType})
quote-fixed-holds = 🔒 Tasa fija: este es el monto exacto que recibes. Se mantiene {$duration} desde la cotización; si confirmas más tarde, primero vuelvo a consultar la tasa y te muestro cualquier cambio.
rate-one = 💱 1 {$from} {$rate} {$to} ({$rateType})
status-received-fixed = {$amount} {$to} (fijo)
status-rate-paid = Tasa pagada: 1 {$from} = {$paid} {$to}

## Support desk

cmd-support = escribir al soporte del operador sobre un intercambio
support-trust = 🛡 El soporte nunca te escribe primero y nunca te pide tus claves, tu frase semilla ni un pago de “verificación”.
support-trust-desk = Sus respuestas llegan solo a este chat, a través de este bot, marcadas como “Soporte”.
support-ask =
    🆘 <b>Soporte</b>
    ¿Qué salió mal? Escríbelo en un mensaje (una captura con un pie de foto ayuda) y lo paso al equipo de soporte del operador.
support-about-swap = Se trata de tu intercambio <code>{$id}</code> ({$status}, {$amount} {$from} → {$to}). ¿Es otro? Elígelo abajo.
support-about-none = No se trata de un intercambio concreto.
support-pick-none = Ningún intercambio concreto
support-ask-text = Describe el problema con palabras, por favor (también sirve una foto o un archivo con un pie de foto).
support-opened = ✅ El soporte tiene tu mensaje: ticket #{$ticket}. Sus respuestas llegan aquí, marcadas como “Soporte”. Lo que escribas aquí va al mismo ticket hasta que se cierre.
support-added = ✉️ Añadido al ticket #{$ticket}.
support-open-already = 🆘 Tu ticket #{$ticket} está abierto: escribe aquí y el soporte lo recibe.
support-close-button = ✖️ Cerrar el ticket #{$ticket}
support-closed-by-user = El ticket #{$ticket} está cerrado. /support abre uno nuevo.
support-closed-by-support = ✅ El soporte cerró el ticket #{$ticket}. Si algo sigue mal, /support abre uno nuevo.
support-answer = 💬 <b>Soporte</b> · ticket #{$ticket} (a través de este bot):
support-flood = ⏳ Escribes más rápido de lo que el soporte puede leer. Espera un minuto, por favor: lo que envíes mientras tanto no se transmite.
support-open-limit = ⏳ En la última hora abriste tantos tickets como el soporte acepta de una persona. Podrás abrir uno nuevo en unos { $minutes } min. El soporte lee cada ticket: nada de lo que enviaste se pierde.
support-contact = 🆘 Para contactar con el soporte del operador, escribe a {$contact}.
support-none = Este bot no tiene servicio de soporte, lo siento.
support-cancelled = Tu solicitud de soporte está cancelada.
support-button = 🆘 Contactar con soporte
support-ticket-header = 🎫 <b>Ticket #{$ticket}</b>
support-ticket-from = De: {$name} · id <code>{$id}</code> · idioma {$language}
support-ticket-swap =
    Intercambio <code>{$id}</code> · {$status} ({$raw}) · creado {$created}
    {$amountIn} {$from} → {$amountOut} {$to} ({$rateType})
    Dirección de depósito: <code>{$deposit}</code>
    Dirección de pago: <code>{$withdrawal}</code>
    Dirección de reembolso: <code>{$refund}</code>
support-ticket-deposit-memo = Memo del depósito: <code>{$memo}</code>
support-ticket-exchange = Exchange: <b>{$exchange}</b> · su id de la orden <code>{$id}</code>
support-ticket-exchange-tracked = Exchange: <b>{$exchange}</b> · su id de la orden <code>{$id}</code> · <a href="{$link}">la orden en su sitio</a>
support-ticket-held = 🛂 Retenido para verificación por el exchange · pide: {$asks} · enlace: {$link}
support-ticket-hash-deposit = Hash del depósito: <code>{$hash}</code>
support-ticket-hash-deposit-linked = Hash del depósito: <code>{$hash}</code> · <a href="{$url}">{$site}</a>
support-ticket-hash-payout = Hash del pago: <code>{$hash}</code>
support-ticket-hash-payout-linked = Hash del pago: <code>{$hash}</code> · <a href="{$url}">{$site}</a>
support-ticket-history = Historial: {$history}
support-ticket-no-swap = Ningún intercambio concreto.
support-ticket-words = <b>El usuario escribe:</b>
support-ticket-no-words = (sin texto)
support-ticket-how = Responde a un mensaje de este ticket para contestar al usuario; /close como respuesta (o el botón) lo cierra.
support-ticket-how-forum = Escribe en este tema para contestar al usuario; /close aquí (o el botón) lo cierra.
support-ticket-follow-up = 🎫 #{$ticket} · {$name}:
support-ticket-closed-by-user = 🎫 #{$ticket}: el usuario cerró el ticket.
support-ticket-closed = 🎫 #{$ticket} está cerrado; se avisa al usuario.
support-ticket-not-open = 🎫 #{$ticket} está cerrado: el usuario no recibe esto.
support-close-needs-ticket = Responde a un mensaje de un ticket con /close (o escribe /close en su tema).
support-topic-name = #{$ticket} · {$name}
stats-support = <b>Soporte</b>: {$open} tickets abiertos, el más antiguo abierto hace {$age}
deposit-support-trust = 🛡 El soporte nunca te escribe primero y nunca pide claves, frases semilla ni pagos de “verificación”.
webapp-support = 🆘 Contactar con soporte sobre este intercambio
support-ticket-words-below = (largo: en los mensajes siguientes)
support-ticket-step = {$status} {$at}
