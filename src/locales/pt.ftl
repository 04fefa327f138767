## General

welcome =
    👋 Olá{$name ->
        [none] {""}
       *[other] , {$name}
    }! Eu troco uma criptomoeda por outra: sem conta e sem cadastro.

    Toque em /exchange para começar uma troca, ou peça uma cotação, por exemplo <code>/rate 0.5 btc eth</code>.
    Você também pode buscar moedas em qualquer chat digitando <code>@{$bot} btc</code>.
    /help mostra tudo o que eu sei fazer.

help =
    <b>O que eu faço</b>
    Troco uma moeda por outra por meio de um serviço de câmbio instantâneo. Você escolhe as moedas e o valor, vê a cotação, informa o endereço onde quer receber, e eu lhe dou um endereço de depósito. Aviso você a cada passo da sua troca.

    <b>Comandos</b>
    {$commands}

    <b>Dicas</b>
    • Em cada passo você pode digitar além de tocar nos botões: códigos de moedas (<code>btc</code>), nomes (<code>monero</code>), valores (<code>0.5</code> ou <code>0,5</code>).
    • Na etapa do valor, <code>5 eth</code> é quanto você recebe (o código da moeda a receber) e <code>$100</code> ou <code>100 usd</code> o valor equivalente a esses dólares americanos.
    • Uma moeda pode ter uma rede: <code>usdt trc20</code> ou <code>usdt@trc20</code>.
    • Busque moedas em qualquer chat: <code>@{$bot} eth</code>.

cmd-start = boas-vindas e como começar
cmd-exchange = trocar uma moeda por outra
cmd-rate = cotação, ex.: /rate 0.5 btc eth
cmd-currencies = ver ou buscar moedas
cmd-status = status da sua troca (a última ou por id)
cmd-history = suas trocas, das mais recentes às mais antigas
cmd-cancel = sair do passo a passo atual
cmd-help = comandos e como usar

error-generic = 😕 Algo deu errado do meu lado. Tente de novo daqui a pouco.
error-storage = ⏳ O bot está indisponível por um instante. Suas trocas estão seguras: tente de novo daqui a um minuto.
error-storage-held = ⏳ O bot está indisponível por um instante. Suas trocas estão seguras e vou responder a esta mensagem assim que voltar: não é preciso enviá-la de novo.
exchange-busy = ⏳ A exchange está ocupada agora. Tente de novo em {$seconds} s.
exchange-unavailable = 🔌 A exchange está temporariamente indisponível. Tente de novo em alguns minutos.
exchange-not-found = A exchange não conhece este item.
exchange-rejected = ⚠️ A exchange não aceitou isto: {$reason}
button-expired = Este botão não está mais ativo.

## Amounts and coins

amount-not-a-number = “{$input}” não é um número. Digite assim: <code>0.5</code> ou <code>0,5</code>.
amount-negative = O valor precisa ser positivo.
amount-zero = O valor precisa ser maior que zero.
amount-too-precise = Esse valor tem casas decimais demais.
amount-ambiguous = “{$input}” pode ser lido de duas formas: {$thousands} (vírgula de milhar) ou {$decimal} (vírgula decimal). Digite a que você quer dizer: <code>{$thousands}</code> ou <code>{$decimal}</code>.
coin-unknown = Não conheço a moeda “{$input}”.
coin-unknown-suggest = Não conheço a moeda “{$input}”. Você quis dizer {$suggestions}?
coin-ambiguous = “{$input}” corresponde a várias moedas: {$options}. Digite o código, por favor.
coin-number = “{$input}” é um número, não uma moeda. Escolha as moedas primeiro: pergunto quanto trocar depois que as duas estiverem escolhidas.
coin-same = Você escolheu {$coin} dos dois lados. Escolha duas moedas diferentes.
rate-type-float = cotação flutuante
rate-type-fixed = cotação fixa

## /rate

rate-usage =
    Envie assim: <code>/rate VALOR DE PARA</code>
    Por exemplo: <code>/rate 0.5 btc eth</code>
    Ou com o valor a receber: <code>/rate 5 eth from btc</code>, ou em dólares: <code>/rate $100 btc eth</code>
quote =
    💱 <b>{$amount} {$from}</b> → <b>{$toAmount} {$to}</b>
    Cotação: 1 {$from} {$rate} {$to} ({$rateType})
    Mínimo: {$min} {$from} · Máximo: {$max} {$from}
quote-below-min = ⚠️ {$amount} {$from} está abaixo do mínimo de <b>{$min} {$from}</b>.
quote-above-max = ⚠️ {$amount} {$from} está acima do máximo de <b>{$max} {$from}</b>.
quote-below-min-at = ⚠️ {$amount} {$from} está abaixo do menor mínimo, <b>{$min} {$from}</b> (na {$exchange}).
quote-above-max-at = ⚠️ {$amount} {$from} está acima do maior máximo, <b>{$max} {$from}</b> (na {$exchange}).
quote-exchange-note = Observação da exchange: {$message}
quote-offer = 🏦 Exchange: <b>{$exchange}</b>
quote-offer-best-of = a melhor de {$count} exchanges
quote-offer-eta = ⏱ {$min}–{$max} min
quote-offer-eta-one = ⏱ cerca de {$minutes} min
quote-offer-kyc = KYC {$rating}
quote-kyc-legend = Níveis de KYC: A nunca pede identidade · B só para fundos sinalizados · C pode pedir se uma troca parecer suspeita · D pode reter os fundos até a verificação.
rate-start-swap = 🔁 Trocar {$from} → {$to}

## /currencies

currencies-title = <b>Moedas</b> ({$total}) · página {$page} de {$pages}
currencies-title-search = <b>Moedas que correspondem a “{$query}”</b> ({$total}) · página {$page} de {$pages}
currencies-title-similar = <b>Nenhuma moeda corresponde a “{$query}”</b>. Códigos e nomes parecidos ({$total}) · página {$page} de {$pages}
currencies-section-exact = <b>{$count ->
        [one] Correspondência exata
       *[other] Correspondências exatas
    }</b>
currencies-section-also = <b>Também correspondem</b> ({$count})
currencies-section-similar = <b>Parecidas, caso haja um erro de digitação</b> ({$count})
currencies-empty = Nenhuma moeda corresponde a “{$query}”. Tente um código como <code>btc</code> ou um nome como <code>monero</code>.
currencies-empty-catalog = A lista de moedas ainda não foi carregada. Tente de novo em um minuto.
currencies-hint = Buscar: <code>/currencies nome</code> · Cotação: <code>/rate 1 btc eth</code>
button-prev = ◀ Voltar
button-next = Próxima ▶

## The exchange conversation
## Each prompt contains its own step's word (send, receive, amount, address, refund) and none of the
## later steps' words: scripts and screen-reader users tell the steps apart by them.

flow-ask-from =
    🔁 <b>Nova troca</b>
    Qual moeda você quer <b>enviar</b>? Toque em uma ou digite o código ou o nome (ex.: <code>btc</code>, <code>monero</code>).
flow-ask-to =
    Você envia <b>{$from}</b>.
    Qual moeda você quer <b>receber</b>? Toque em uma ou digite o código ou o nome.
flow-ask-amount =
    {$from} → <b>{$to}</b>
    Qual <b>valor</b> de {$from} você quer trocar? Digite um número, ex.: <code>0.5</code>.
flow-amount-limits = Mínimo: {$min} {$from}{$max ->
        [none] {""}
       *[other] {" "}· Máximo: {$max} {$from}
    }
flow-network-default = Rede para {$coin}: <b>{$network}</b>, a padrão da exchange. Toque em outra para trocar.
flow-network-set = Rede para {$coin}: {$network}
flow-quoting = ⏳ Buscando uma cotação…
flow-ask-address = Agora digite o <b>endereço {$to}</b> onde você quer receber as moedas.
flow-ask-memo =
    Este endereço {$coin} precisa de um <b>memo</b> de pagamento ({$name})? Uma conta de exchange ou uma carteira compartilhada informa um junto com o endereço: digite-o, ou toque em «Sem memo» (ou digite skip).
flow-memo-default-name = memo ou tag de destino (destination tag)
flow-memo-again = Digite o memo de pagamento para {$coin}, ou toque em «Sem memo».
flow-memo-problem-empty = Digite o memo, ou toque em «Sem memo».
flow-memo-problem-tag = Uma tag de destino (destination tag) é um número inteiro de 0 a 4294967295.
flow-memo-problem-pattern = Isso não é um {$name} válido para esta rede.
flow-memo-problem-length = Longo demais para um {$name}: no máximo 100 caracteres.
flow-memo-problem-characters = Um {$name} é uma única linha de caracteres comuns.
payout-memo-line = Memo de pagamento: <code>{$memo}</code>
button-no-memo = Sem memo ⏭
flow-near-min = ⚠️ Isto está perto do mínimo: se a cotação ou os limites mudarem antes de o seu depósito chegar, um depósito abaixo do mínimo pode ser perdido. Considere enviar um pouco mais.
flow-near-max = ⚠️ Isto está perto do máximo: se a cotação ou os limites mudarem antes de o seu depósito chegar, um depósito acima do máximo pode ser devolvido.
flow-amount-range = Digite um valor entre {$min} e {$max} {$from}.
flow-amount-at-least = Digite um valor de pelo menos {$min} {$from}.
flow-amount-again = Digite o valor de {$from} a trocar, ex.: <code>0.5</code>.
flow-amount-other-units = Ou digite quanto quer receber, ex.: <code>5 {$code}</code>, ou o valor em dólares americanos, ex.: <code>$100</code>.
amount-unknown-unit = “{$unit}” não é {$from} nem {$to}. Digite só um número para {$from}, um número com <code>{$to}</code> para o valor a receber, ou <code>$100</code> / <code>100 usd</code> para dólares.
amount-no-dollar-coin = Não consigo calcular dólares agora: a exchange não oferece nenhuma stablecoin em dólar. Digite o valor em {$from}.
amount-no-rate = A exchange não informou uma cotação para calcular esse valor. Digite o valor em {$from}.
flow-amount-dollars = 💵 ${$dollars} ≈ <b>{$amount} {$from}</b> a 1 {$from} ≈ {$price} {$coin}.
flow-amount-receive = Para receber {$receive} {$to} você envia <b>{$amount} {$from}</b>{$how ->
        [exact] .
       *[rate] {" "}(calculado pela cotação: o valor recebido é uma estimativa).
    }
flow-ask-refund =
    Opcional: um endereço de <b>reembolso</b> em {$from}, para onde a exchange devolve suas moedas se a troca falhar. Digite-o ou toque em «Pular».
flow-summary =
    <b>Confira sua troca</b>
    Você envia: <b>{$amount} {$from}</b>
    Você recebe: <b>{$toAmount} {$to}</b> ({$rateType})
    Cotação: 1 {$from} {$rate} {$to}
    Você recebe em: <code>{$address}</code>
    Reembolso para: {$refund}
flow-summary-no-refund = (nenhum)
flow-summary-exchange = Exchange: <b>{$exchange}</b>
flow-summary-ask = Toque em «Confirmar» para criar a troca, ou em «Cancelar».
flow-quote-moved = ℹ️ A cotação mudou desde a sua consulta; estes são os novos números.
flow-address-problem-empty = Digite um endereço, por favor.
flow-address-problem-spaces = Um endereço não tem espaços. Cole-o de novo, por favor.
flow-address-problem-length = Isso não parece um endereço: é curto ou longo demais.
flow-address-problem-characters = Esse endereço tem caracteres que nenhum endereço tem.
flow-address-problem-format = Esse não é um endereço {$coin} válido{$network ->
        [none] {""}
       *[other] {" "}na rede {$network}
    }.
flow-address-again = Digite de novo o endereço {$coin}.
flow-address-other-network = ⚠️ Esse é um endereço {$coin} na rede {$other}, mas esta troca paga na <b>{$network}</b>: moedas enviadas para ele ali seriam perdidas. Para receber na {$other} neste endereço, toque no botão abaixo: a troca é cotada de novo na {$other}.
flow-network-switched = 🔀 Esta troca agora paga na <b>{$network}</b>, para <code>{$address}</code>. A nova cotação:
flow-offer-gone = ℹ️ {$exchange} não cota mais isto: esta é a melhor oferta, na {$best}.
flow-refund-again = Digite um endereço de reembolso em {$coin}, ou toque em «Pular».
flow-ask-refund-memo =
    Este endereço {$coin} precisa de um memo ({$name}) para o <b>reembolso</b>? Uma conta de exchange ou uma carteira compartilhada informa um junto com o endereço: digite-o, ou toque em «Sem memo» (ou digite skip).
flow-refund-memo-again = Digite o memo de reembolso para {$coin}, ou toque em «Sem memo».
refund-memo-line = Memo de reembolso: <code>{$memo}</code>
flow-not-understood = Digite uma resposta ou toque em um botão abaixo da última mensagem.
flow-step-over = Este passo já terminou.
flow-cancelled = ✖ Troca cancelada. Comece uma nova com /exchange.
flow-nothing-to-cancel = Não há nada para cancelar. Comece uma troca com /exchange.
flow-expired = ⌛ Sua troca anterior esperou demais por uma resposta e expirou. Vamos começar uma nova.
flow-too-many-tries = Já são {$count} respostas seguidas que este passo não conseguiu usar. Vamos recomeçar: /exchange
flow-creating = ⏳ Criando sua troca…
flow-create-failed = Nada foi criado. Toque em «Confirmar» para tentar de novo, ou em «Cancelar».
flow-create-rejected = Nada foi criado. Comece de novo com /exchange.
flow-failover-refused = ⚠️ {$exchange} recusou esta troca: {$reason}
flow-failover-unavailable = 🔌 {$exchange} não pode fazer esta troca agora.
flow-failover-next = ↪️ Esta é a próxima melhor oferta, da <b>{$exchange}</b>, cotada agora mesmo. Nada é criado lá até você confirmar estes números.
flow-failover-none = Nenhuma outra exchange oferece esta troca agora. Nada foi criado. Comece de novo com /exchange.
flow-create-pending = ⏳ A exchange não respondeu com clareza. Sua troca pode ter sido criada: estou verificando e envio o endereço de depósito aqui assim que souber, ou aviso que nada foi criado. Enquanto isso, não envie nada e não comece outra troca com os mesmos fundos.
flow-still-checking = ⏳ Ainda estou verificando se a exchange criou esta troca. Envio o endereço de depósito aqui assim que souber, ou aviso que nada foi criado (aí você pode confirmar de novo). Não envie nada antes disso.
flow-create-suspect =
    🛑 <b>A troca {$id} não pôde ser preparada com segurança.</b>
    A resposta da exchange não corresponde ao que você confirmou, por isso não mostro o endereço de depósito. <b>Não envie nada</b> para esta troca. O operador do bot foi avisado; comece uma nova troca com /exchange.

button-skip = Pular ⏭
button-confirm = ✅ Confirmar
button-cancel = ✖ Cancelar
button-rate-float = Cotação flutuante
button-rate-fixed = Cotação fixa
button-switch-network = Receber na {$network}
button-offer = {$exchange} · {$toAmount} {$to}
button-selected = ✓ {$label}

## The deposit message (also the status card, edited as the swap moves on)

deposit =
    ✅ <b>Troca criada</b>
    Envie exatamente <code>{$amount}</code> <b>{$from}</b> para este endereço de depósito:
    <code>{$address}</code>

    Você recebe: {$toAmount} {$to} ({$rateType})
    Você recebe em: <code>{$withdrawal}</code>
    Id da transação: <code>{$id}</code>
    Status: {$status}

    Os botões abaixo copiam o endereço, o valor e o id da transação. Quando o seu depósito chegar, conto aqui cada passo: confirmando, trocando, concluída. Consulte quando quiser com /status.
card-in-progress =
    ⚙️ <b>Troca em andamento</b>
    Seu depósito de <code>{$amount}</code> <b>{$from}</b> chegou: não o envie de novo.

    Você recebe: {$toAmount} {$to} ({$rateType})
    Você recebe em: <code>{$withdrawal}</code>
    Id da transação: <code>{$id}</code>
    Status: {$status}

    Aviso quando ela avançar. Consulte quando quiser com /status.
card-held =
    🛂 <b>Troca retida para verificação</b>
    Você envia: <code>{$amount}</code> <b>{$from}</b>

    Você recebe: {$toAmount} {$to} ({$rateType})
    Você recebe em: <code>{$withdrawal}</code>
    Id da transação: <code>{$id}</code>
    Status: {$status}

    Aviso quando ela avançar. Consulte quando quiser com /status.
deposit-sandbox = 🧪 <b>ambiente de testes: não envie fundos reais</b>. Esta troca é simulada.
card-sandbox = 🧪 <b>ambiente de testes</b>: esta troca foi simulada.
card-success =
    ✅ <b>Troca concluída</b>
    {$amountIn} {$from} → <b>{$amountOut} {$to}</b>
    Você recebe em: <code>{$withdrawal}</code>
    { $payout ->
        [pending] Transação de pagamento: a exchange ainda não a mostrou; vou enviá-la assim que mostrar.
       *[sent] Transação de pagamento: <code>{$hashOut}</code>
    }
    Id da transação: <code>{$id}</code>
    Status: {$status}
card-overdue =
    ⌛ <b>Troca expirada</b>
    Nenhum depósito de {$amountIn} {$from} chegou antes de o prazo de depósito terminar.
    Id da transação: <code>{$id}</code>
    Status: {$status}
card-refunded =
    ↩️ <b>Troca reembolsada</b>
    A exchange devolveu seus {$amountIn} {$from} para <code>{$refundTo}</code>.
    Id da transação: <code>{$id}</code>
    Status: {$status}
swap-closed = 🔒 Esta troca está encerrada, e o endereço de depósito dela não aceita mais fundos.
swap-expired-help =
    🔒 Não envie mais nada para <code>{$deposit}</code>: esse endereço de depósito está encerrado.
    Se você já enviou fundos para ele, fale com o suporte da exchange e informe o id da transação <code>{$id}</code> e o hash do seu depósito. {$refund ->
        [none] Um reembolso precisa de um endereço de destino: tenha um endereço {$from} seu à mão.
       *[other] Eles podem devolver os fundos para o seu endereço de reembolso <code>{$refund}</code>.
    }
deposit-qr-caption = Endereço de depósito para {$amount} {$from}
swap-exchange-line = 🏦 Exchange: <b>{$exchange}</b>
swap-exchange-tracked = 🏦 Exchange: <b>{$exchange}</b> · <a href="{$link}">acompanhe esta troca na {$exchange}</a>

## Swap states

status-wait = aguardando seu depósito
status-confirmation = confirmando
status-exchanging = trocando
status-success = concluída
status-overdue = expirada
status-refunded = reembolsada
status-refunding = reembolso em andamento
status-verifying = retida para verificação

## Inline mode

inline-coin-title = {$code} — {$name}
inline-coin-description = Toque para compartilhar · troque comigo
inline-coin-message =
    <b>{$code}</b> — {$name}
    {$notes}
inline-swap-button = 🔁 Trocar {$code}
inline-quote-title = {$amount} {$from} → {$toAmount} {$to}
inline-quote-description = Cotação 1 {$from} {$rate} {$to} · mín. {$min} · máx. {$max} {$from}
inline-quote-out-of-range-title = {$amount} {$from} está fora dos limites
inline-quote-out-of-range-description = Mínimo {$min} {$from} · máximo {$max} {$from}
inline-hint-button = Abrir o bot para trocar
rate-too-fast = ⏳ Você está pedindo cotações rápido demais. Espere alguns segundos e tente de novo.
fallback-hint = Não entendi. Comece uma troca com /exchange, peça uma cotação com /rate ou veja /help.
flow-updated = O bot foi atualizado enquanto você estava no meio de uma troca, então essa troca não foi guardada: comece de novo com /exchange.

## /status and /history

status-none = Você ainda não tem trocas. Comece uma com /exchange.
status-not-found = Troca “{$id}” não encontrada. /history lista suas trocas.
status-card =
    📄 <b>Troca</b> <code>{$id}</code>
    Status: <b>{$status}</b>
    {$finished ->
        [yes] Valor: {$amountIn} {$from}
       *[other] Você envia: <code>{$amountIn}</code> {$from}
    }
    {$finished ->
        [yes] Recebido: {$received}
       *[other] Você recebe: {$received}
    }
    {$rate}
    Endereço de depósito: <code>{$deposit}</code>
    Endereço de recebimento: <code>{$withdrawal}</code>
    Endereço de reembolso: {$refund}
    Transação de depósito: {$hashIn}
    Transação de pagamento: {$hashOut}
    Criada em: {$created}
status-received-expected = {$amount} {$to} (estimado)
status-received-final = {$amount} {$to}
status-rate = Cotação: 1 {$from} {$rate} {$to} ({$rateType})
status-rate-unknown = Cotação: — ({$rateType})
status-rate-quoted = Cotação oferecida: 1 {$from} {$rate} {$to} ({$rateType})
status-none-value = —
status-stale = ⚠️ Não consigo falar com a exchange agora: este é o último status conhecido, de {$checked}.
status-refresh = 🔄 Atualizar
history-title = <b>Suas trocas</b> ({$total}) · página {$page} de {$pages}
history-line =
    {$n}. {$amountIn} {$from} → {$to} · {$status}
    Id <code>{$id}</code> · {$created}
history-empty = Você ainda não tem trocas. Comece uma com /exchange.
history-open = 🔎 {$n}

## Status pushes (one new message per change)

push-confirmation =
    🔎 <b>Troca {$id}: confirmando</b>
    Seu depósito de {$amountIn} {$from} chegou e está sendo confirmado na rede. Você não precisa fazer nada: aviso quando avançar.
push-exchanging =
    ⚙️ <b>Troca {$id}: trocando</b>
    Seus {$amountIn} {$from} foram confirmados e estão sendo trocados por {$to}.
push-success =
    ✅ <b>Troca {$id}: concluída</b>
    Você recebeu <b>{$amountOut} {$to}</b> em <code>{$withdrawal}</code>.
    { $payout ->
        [pending] Transação de pagamento: a exchange ainda não a mostrou; vou enviá-la assim que mostrar.
       *[sent] Transação de pagamento: <code>{$hashOut}</code>
    }
push-payout =
    🧾 <b>Troca {$id}: pagamento enviado</b>
    A exchange enviou <b>{$amountOut} {$to}</b> para <code>{$withdrawal}</code>.
    Transação de pagamento: <code>{$hashOut}</code>
push-overdue =
    ⌛ <b>Troca {$id}: expirada</b>
    Nenhum depósito chegou antes de o prazo terminar, então esta troca está encerrada. Comece uma nova com /exchange.
push-refunded =
    ↩️ <b>Troca {$id}: reembolsada</b>
    A exchange devolveu seus {$amountIn} {$from} para <code>{$refundTo}</code>.
push-refunded-no-address = o endereço de onde você enviou
push-refunding =
    ↩️ <b>Troca {$id}: reembolso em andamento</b>
    A exchange está devolvendo seus {$amountIn} {$from} para <code>{$refundTo}</code>. Aviso quando terminar.
push-verifying =
    🛂 <b>Troca {$id}: retida para verificação</b>
    A exchange está retendo esta troca para verificá-la antes de continuar. Nada foi perdido e não é preciso enviar nada de novo: responda à exchange e eu aviso quando ela seguir em frente.
swap-held = 🛂 A exchange retém esta troca para verificá-la antes de continuar. Não envie mais nada até a exchange deixá-la seguir.
swap-held-asks = O que ela pede: {$asks}
swap-held-link = Onde responder: {$link}
swap-held-no-link = Escreva ao suporte da exchange e informe o id da troca <code>{$id}</code>.
push-wait =
    ⏳ <b>Troca {$id}: aguardando seu depósito</b>
    Envie exatamente <code>{$amountIn}</code> {$from} para <code>{$deposit}</code>.
push-other =
    ℹ️ <b>Troca {$id}: {$status}</b>
    A exchange informa um novo status para sua troca. Continuo acompanhando e aviso quando avançar.
reconcile-found = ✅ Achei: a exchange criou sua troca, sim.
reconcile-not-created = ℹ️ A exchange não tem registro da troca que você confirmou: nada foi criado e não existe endereço de depósito para ela. Você pode começar de novo com /exchange.
swap-suspect =
    🛑 <b>A troca {$id} não pôde ser preparada com segurança.</b>
    A exchange criou uma troca para a sua confirmação, mas os dados dela não correspondem ao que você confirmou, por isso não mostro o endereço de depósito. <b>Não envie nada</b> para esta troca. O operador do bot foi avisado; comece uma nova troca com /exchange.
push-suspect =
    ℹ️ <b>Troca {$id}: {$status}</b>
    Esta troca não pôde ser preparada com segurança: não envie nada para ela. Se já enviou, fale com o suporte da exchange informando o id da transação {$id}.
push-stuck =
    🕰 <b>A troca {$id} está demorando mais que o normal</b> (ainda {$status}).
    Nada foi perdido: continuo acompanhando. Se continuar assim, fale com o suporte da exchange informando o id da transação {$id}.
push-stuck-confirmation =
    🕰 <b>A troca {$id} está demorando mais que o normal</b>
    Seu depósito chegou, mas ainda aguarda confirmações da rede. Nada foi perdido: um depósito enviado com taxa de rede baixa pode levar horas para ser confirmado, e a troca segue sozinha depois disso. Se continuar assim por muito mais tempo, fale com o suporte da exchange e informe o id da transação {$id}.
push-stuck-exchanging =
    🕰 <b>A troca {$id} está demorando mais que o normal</b>
    Seu depósito foi confirmado e a exchange ainda está preparando o pagamento. Nada foi perdido e não é preciso enviar nada de novo. Se continuar assim por muito mais tempo, fale com o suporte da exchange e informe o id da transação {$id}.

## /language

language-name = 🇧🇷 Português (Brasil)
language-choose = Escolha o idioma em que falo neste chat:
language-set = Pronto: aqui vou falar português. /help
cmd-language = escolher o idioma do bot

## Operator: admin alerts and /stats

alert-unauthorized = 🚨 {$exchange} rejeita a chave de API do bot (401). As ofertas dela ficam de fora (os usuários recebem as das outras exchanges) até que uma requisição com a chave volte a funcionar: corrija a chave de API dela ({$setting}).
alert-down = 🚨 {$exchange} está falhando há {$minutes} min (desde {$since}). Não é possível cotar nem criar trocas lá; os avisos de status das trocas dela estão atrasados.
alert-recovered = ✅ {$exchange} voltou a responder.
alert-suspect = 🛑 A troca {$id} (chat {$chat}) não corresponde ao que o usuário confirmou ({$fields}); o endereço de depósito foi retido. As duas versões estão no log.
stats-not-allowed = /stats é só para os operadores do bot.
stats =
    📊 <b>Trocas por status</b>
    Hoje: {$today}
    Últimos 7 dias: {$week}
    Desde o início: {$all}

    <b>Volume por par</b> (desde o início)
    {$pairs}

    <b>Usuários ativos</b>: {$usersToday} hoje, {$usersWeek} em 7 dias
    <b>Erros da exchange</b> (última hora): {$errorRate} de {$requests} requisições
stats-pair = {$pair}: {$swaps} trocas, {$amount}
stats-exchanges = <b>Exchanges</b> (cotações ganhas, criações recusadas e com falha: desde que o bot iniciou; trocas, concluídas e volume: desde sempre; erros: última hora)
stats-exchange = {$exchange}: {$won} cotações ganhas; {$created} trocas, {$refused} recusadas, {$failed} com falha, {$completed} concluídas; volume {$volume}; erros {$errorRate} de {$requests} requisições

## /forget and groups

cmd-forget = apagar do bot suas trocas concluídas
forget-ask =
    Isto apaga o que o bot guarda sobre este chat: {$finished} trocas encerradas e suas configurações.
    {$open} trocas ainda em andamento ficam guardadas até terminarem, para eu contar como acabaram.
    Apagar agora?
forget-yes = 🗑 Apagar
forget-no = Manter
forget-kept = Nada foi apagado.
forget-done = 🗑 Apaguei {$deleted} trocas encerradas e as configurações deste chat. {$kept} trocas em andamento ficam guardadas até terminarem; use /forget de novo depois.
group-go-private = 🔒 Endereços não devem ficar num grupo. Vamos continuar num chat privado.
group-go-private-button = Continuar no chat privado

## Deposit memos, confirmed networks, fixed payouts, a Confirm after a crash (issue 17)

deposit-memo-line = Memo (tag de destino / destination tag): <code>{$memo}</code>
deposit-memo-warning = ⚠️ Este endereço é compartilhado: coloque o memo no campo “memo” ou “tag” da sua carteira (o botão “📋 Memo” copia ele). Um depósito sem ele é perdido.
webapp-memo-warning = ⚠️ Este endereço é compartilhado: coloque o memo no campo “memo” ou “tag” da sua carteira. Um depósito sem ele é perdido.
flow-already-created = Esta troca já tinha sido criada. Aqui estão os dados de depósito:
flow-already-created-gone = Esta confirmação já criou uma troca, que depois foi apagada. Comece uma nova com /exchange.
flow-create-fixed-worse =
    🛑 <b>A troca {$id} não corresponde à sua cotação fixa.</b>
    A exchange agora oferece ≈ {$offered} {$to} em vez dos {$quoted} {$to} que você confirmou, por isso não mostro o endereço de depósito. <b>Não envie nada</b> para esta troca: ela vai expirar sem uso. Comece de novo com /exchange para uma nova cotação.
flow-create-float-worse =
    🛑 <b>A troca {$id} não corresponde à sua cotação.</b>
    A exchange agora estima ≈ {$offered} {$to} em vez dos ≈ {$quoted} {$to} que você confirmou, muito mais do que uma taxa flutuante varia nesse tempo, por isso não mostro o endereço de depósito. <b>Não envie nada</b> para esta troca: ela vai expirar sem uso. Comece de novo com /exchange para uma nova cotação.

## Tracker: swaps the exchange no longer knows, and other exchanges' swaps

push-given-up =
    ❓ <b>Troca {$id}: a exchange não a conhece mais</b>
    Durante um dia inteiro a exchange respondeu que não tem nenhuma troca com este id, então parei de acompanhá-la e não enviarei mais avisos sobre ela. Se você enviou um depósito para ela, fale com o suporte da exchange e informe o id da transação <code>{$id}</code>.
history-sandbox = 🧪 Troca de teste na exchange de testes embutida: sem fundos reais, não é mais acompanhada.
history-elsewhere = ↪️ Criada em outra exchange, não a que o bot usa agora: não é mais acompanhada.
history-given-up = ❓ Desconhecida pela exchange há um dia: não é mais acompanhada.
status-elsewhere = ↪️ Esta troca foi criada em outra exchange, não a que o bot usa agora, então não posso consultá-la: este é o último status conhecido.
status-given-up = ❓ A exchange não conhece mais esta troca, então parei de acompanhá-la. Se você enviou um depósito para ela, fale com o suporte da exchange informando o id da transação.

## The Mini App (the page's texts; webapp-* without variables are all sent to the page)

webapp-open-button = 📱 Abrir o app de troca
webapp-menu-button = Trocar
webapp-title = Troca
webapp-tab-new = Nova troca
webapp-tab-list = Minhas trocas
webapp-you-send = Você envia
webapp-you-receive = Você recebe
webapp-amount = Valor
webapp-amount-units = Ou digite o valor a receber com o código da moeda (ex.: 5 ETH), ou quanto vale em dólares americanos (ex.: $100).
webapp-amount-receive = Quero receber
webapp-payout = Endereço de recebimento
webapp-refund = Endereço de reembolso
webapp-payout-memo = Memo de pagamento
webapp-payout-memo-hint = O memo ou a tag de destino (destination tag) que sua conta de recebimento exige; deixe vazio se não precisar.
webapp-refund-hint = Opcional: para onde a exchange devolve suas moedas se a troca falhar.
webapp-refund-memo = Memo de reembolso
webapp-search = Busque por código ou nome; Enter escolhe
webapp-network = Rede
webapp-network-default = padrão da exchange
webapp-rate-float = Cotação flutuante
webapp-rate-fixed = Cotação fixa
webapp-next = Próximo
webapp-back = Voltar
webapp-confirm = Confirmar
webapp-summary = Confira sua troca
webapp-you-get = Você recebe cerca de
webapp-min = Mínimo
webapp-max = Máximo
webapp-rate = Cotação
webapp-loading = Carregando…
webapp-send-exactly = Envie exatamente
webapp-deposit-address = Endereço de depósito
webapp-memo = Memo (tag de destino / destination tag)
webapp-copy = Copiar
webapp-copied = Copiado
webapp-status = Status
webapp-transaction-id = Id da transação
webapp-swap-exchange = Exchange
webapp-swap-exchange-track = Acompanhe no site da exchange
webapp-payout-to = Você recebe em
webapp-hash-in = Transação de depósito
webapp-hash-out = Transação de pagamento
webapp-closed = Esta troca terminou: não envie nada para o endereço de depósito dela.
webapp-received = O depósito chegou; não há mais nada a enviar.
webapp-held = A exchange retém esta troca para verificá-la antes de continuar. Não envie nada de novo.
webapp-held-asks = O que ela pede
webapp-held-link = Responder à exchange
webapp-sandbox = Exchange de testes: não envie fundos reais.
webapp-no-swaps = Você ainda não tem trocas.
webapp-open-from-telegram = Esta página só funciona quando aberta pelo bot no Telegram. Abra o bot e toque no botão do app.
webapp-not-found = Troca não encontrada.
webapp-error = Algo deu errado. Tente de novo.
webapp-updated = O app foi atualizado: feche-o e abra de novo.
webapp-slow-down = Pedidos demais. Espere alguns segundos e tente de novo.
webapp-pending = A exchange não respondeu com clareza. Sua troca está sendo verificada e aparece em “Minhas trocas” em até um minuto e meio; não confirme de novo.
webapp-already = Esta troca já tinha sido criada.
webapp-suspect = A resposta da exchange não corresponde ao seu pedido, por isso nenhum endereço de depósito é mostrado. O operador foi avisado.
webapp-pick-coin = Escolha uma moeda.
webapp-same-coin = Escolha duas moedas diferentes.
webapp-amount-invalid = Digite um valor, ex.: 0.5.
webapp-amount-ambiguous = {$input} pode ser lido como {$thousands} ou como {$decimal}. Digite o que você quer dizer: {$thousands} ou {$decimal}.
webapp-amount-below = Abaixo do mínimo de {$min} {$coin}.
webapp-amount-above = Acima do máximo de {$max} {$coin}.
webapp-quote-moved = A cotação mudou; estes são os novos números. Confira e confirme de novo.
webapp-offers = Corretora
webapp-offer-best = melhor oferta
webapp-offer-outside-limits = os limites dela não aceitam este valor
webapp-kyc-legend = Classificação KYC: A nunca pede identificação, D pode reter os fundos até você se verificar.
webapp-exchange-refused = {$exchange} recusou esta troca: {$reason}
webapp-next-offer = Nada foi criado lá. Esta é a oferta de {$next}: confira e confirme.
webapp-no-next-offer = Nada foi criado, e nenhuma outra corretora oferece esta troca agora.

## Explorer links (receipts: the deposit and payout transactions in pushes, the card and /status)

tx-deposit = Transação de depósito: <code>{$hash}</code>
tx-deposit-linked = Transação de depósito: <code>{$hash}</code> · <a href="{$url}">{$site}</a>
tx-explorer-deposit = 🔍 <a href="{$url}">Transação de depósito no {$site}</a>
tx-explorer-payout = 🔍 <a href="{$url}">Transação de pagamento no {$site}</a>

## Fair shares: /status from what the bot knows, a chat's share of swap creations

status-known = ℹ️ Mostrado como o bot soube pela exchange da última vez, há {$age} ({$checked}): você está consultando com muita frequência, então ele não perguntou de novo. As mudanças de status continuam sendo enviadas assim que acontecem.
status-known-busy = ℹ️ Mostrado como o bot soube pela exchange da última vez, há {$age} ({$checked}): muita gente está consultando agora, então ele não pôde perguntar de novo. As mudanças de status continuam sendo enviadas assim que acontecem.
age-seconds = {$n} s
age-minutes = {$n} min
age-hours = {$n} h
flow-create-chat-share = ⏳ Este chat criou {$count ->
        [one] {$count} troca
       *[other] {$count} trocas
    } no último minuto, o máximo permitido por chat. Você pode confirmar de novo em {$seconds} s.

## Botões de copiar (copy_text do Telegram: o botão copia o próprio valor)

copy-address = 📋 Endereço
copy-amount = 📋 Valor
copy-memo = 📋 Memo
copy-id = 📋 Id da transação
copy-payout-memo = 📋 Memo de pagamento
history-copy-id = 📋 Id {$n}

## Números honestos: uma cotação fixa é exata e diz quanto tempo vale; a cotação paga

quote-rate-line = Cotação: 1 {$from} {$rate} {$to} ({$rateType})
quote-fixed-holds = 🔒 Cotação fixa: este é o valor exato que você recebe. Ela vale por {$duration} a partir da cotação; se confirmar depois, eu consulto a cotação de novo antes e mostro qualquer mudança.
rate-one = 💱 1 {$from} {$rate} {$to} ({$rateType})
status-received-fixed = {$amount} {$to} (fixo)
status-rate-paid = Cotação efetiva: 1 {$from} = {$paid} {$to}

## Support desk

cmd-support = escrever ao suporte do operador sobre uma troca
support-trust = 🛡 O suporte nunca escreve para você primeiro e nunca pede suas chaves, sua frase-semente nem um pagamento de “verificação”.
support-trust-desk = As respostas dele chegam só neste chat, por este bot, marcadas como “Suporte”.
support-ask =
    🆘 <b>Suporte</b>
    O que deu errado? Escreva numa mensagem (uma captura de tela com legenda ajuda) e eu passo para a equipe de suporte do operador.
support-about-swap = É sobre a sua troca <code>{$id}</code> ({$status}, {$amount} {$from} → {$to}). É outra? Escolha abaixo.
support-about-none = Não é sobre uma troca específica.
support-pick-none = Nenhuma troca específica
support-ask-text = Descreva o problema em palavras, por favor (uma foto ou um arquivo com legenda também serve).
support-opened = ✅ O suporte recebeu sua mensagem: ticket #{$ticket}. As respostas chegam aqui, marcadas como “Suporte”. O que mais você escrever aqui vai para o mesmo ticket até ele ser fechado.
support-added = ✉️ Adicionado ao ticket #{$ticket}.
support-open-already = 🆘 Seu ticket #{$ticket} está aberto: escreva aqui e o suporte recebe.
support-close-button = ✖️ Fechar o ticket #{$ticket}
support-closed-by-user = O ticket #{$ticket} está fechado. /support abre um novo.
support-closed-by-support = ✅ O suporte fechou o ticket #{$ticket}. Se algo ainda estiver errado, /support abre um novo.
support-answer = 💬 <b>Suporte</b> · ticket #{$ticket} (por este bot):
support-flood = ⏳ Você está escrevendo mais rápido do que o suporte consegue ler. Espere um minuto, por favor: o que você enviar nesse meio-tempo não é repassado.
support-open-limit = ⏳ Na última hora você abriu tantos tickets quanto o suporte aceita de uma pessoa. Você poderá abrir um novo em cerca de { $minutes } min. O suporte lê cada ticket: nada do que você enviou se perde.
support-contact = 🆘 Para falar com o suporte do operador, escreva para {$contact}.
support-none = Este bot não tem atendimento de suporte, desculpe.
support-cancelled = Seu pedido de suporte foi cancelado.
support-button = 🆘 Falar com o suporte
support-ticket-header = 🎫 <b>Ticket #{$ticket}</b>
support-ticket-from = De: {$name} · id <code>{$id}</code> · idioma {$language}
support-ticket-swap =
    Troca <code>{$id}</code> · {$status} ({$raw}) · criada {$created}
    {$amountIn} {$from} → {$amountOut} {$to} ({$rateType})
    Endereço de depósito: <code>{$deposit}</code>
    Endereço de pagamento: <code>{$withdrawal}</code>
    Endereço de reembolso: <code>{$refund}</code>
support-ticket-deposit-memo = Memo do depósito: <code>{$memo}</code>
support-ticket-exchange = Exchange: <b>{$exchange}</b> · id da ordem nela <code>{$id}</code>
support-ticket-exchange-tracked = Exchange: <b>{$exchange}</b> · id da ordem nela <code>{$id}</code> · <a href="{$link}">a ordem no site dela</a>
support-ticket-held = 🛂 Retida para verificação pela exchange · pede: {$asks} · link: {$link}
support-ticket-hash-deposit = Hash do depósito: <code>{$hash}</code>
support-ticket-hash-deposit-linked = Hash do depósito: <code>{$hash}</code> · <a href="{$url}">{$site}</a>
support-ticket-hash-payout = Hash do pagamento: <code>{$hash}</code>
support-ticket-hash-payout-linked = Hash do pagamento: <code>{$hash}</code> · <a href="{$url}">{$site}</a>
support-ticket-history = Histórico: {$history}
support-ticket-no-swap = Nenhuma troca específica.
support-ticket-words = <b>O usuário escreve:</b>
support-ticket-no-words = (sem texto)
support-ticket-how = Responda a uma mensagem deste ticket para responder ao usuário; /close como resposta (ou o botão) o fecha.
support-ticket-how-forum = Escreva neste tópico para responder ao usuário; /close aqui (ou o botão) o fecha.
support-ticket-follow-up = 🎫 #{$ticket} · {$name}:
support-ticket-closed-by-user = 🎫 #{$ticket}: o usuário fechou o ticket.
support-ticket-closed = 🎫 #{$ticket} está fechado; o usuário foi avisado.
support-ticket-not-open = 🎫 #{$ticket} está fechado: o usuário não recebe isto.
support-close-needs-ticket = Responda a uma mensagem de um ticket com /close (ou escreva /close no tópico dele).
support-topic-name = #{$ticket} · {$name}
stats-support = <b>Suporte</b>: {$open} tickets abertos, o mais antigo aberto há {$age}
deposit-support-trust = 🛡 O suporte nunca escreve para você primeiro e nunca pede chaves, frases-semente nem pagamentos de “verificação”.
webapp-support = 🆘 Falar com o suporte sobre esta troca
support-ticket-words-below = (longo: nas próximas mensagens)
support-ticket-step = {$status} {$at}
