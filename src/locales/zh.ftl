## General
## Simplified Chinese (zh-hans, zh-cn; other Chinese Telegram languages are answered in it too).

welcome =
    👋 你好{$name ->
        [none] {""}
       *[other] ，{$name}
    }！我帮你把一种加密货币兑换成另一种：无需账户，无需注册。

    点击 /exchange 开始兑换，或者查询报价，例如 <code>/rate 0.5 btc eth</code>。
    你也可以在任何聊天中输入 <code>@{$bot} btc</code> 搜索币种。
    /help 列出我能做的一切。

help =
    <b>我能做什么</b>
    我通过即时兑换服务把一种币兑换成另一种。你选择币种和数量，查看报价，提供你想收款的地址，我给你一个充值地址。兑换每进展一步，我都会通知你。

    <b>命令</b>
    {$commands}

    <b>小提示</b>
    • 每一步都可以直接输入文字，也可以点按钮：币种代码（<code>btc</code>）、名称（<code>monero</code>）、数量（<code>0.5</code> 或 <code>0,5</code>）。
    • 在数量步骤中，<code>5 eth</code> 表示要收到的数量（所收币种的代码），<code>$100</code> 或 <code>100 usd</code> 表示价值这么多美元的数量。
    • 币种可以带上网络：<code>usdt trc20</code> 或 <code>usdt@trc20</code>。
    • 在任何聊天中搜索币种：<code>@{$bot} eth</code>。

cmd-start = 欢迎与入门
cmd-exchange = 把一种币兑换成另一种
cmd-rate = 报价，例如 /rate 0.5 btc eth
cmd-currencies = 浏览或搜索币种
cmd-status = 兑换状态（最新一笔，或按 ID）
cmd-history = 你的兑换记录，最新的在前
cmd-cancel = 退出当前的分步流程
cmd-help = 命令与使用说明

error-generic = 😕 我这边出了点问题。请稍后再试。
error-storage = ⏳ 机器人暂时无法使用。你的兑换安全无虞：请一分钟后再试。
error-storage-held = ⏳ 机器人暂时无法使用。你的兑换安全无虞，我一恢复就会回复这条消息：无需重新发送。
exchange-busy = ⏳ 兑换服务目前繁忙。请在 {$seconds} 秒后重试。
exchange-unavailable = 🔌 兑换服务暂时不可用。请过几分钟再试。
exchange-not-found = 兑换服务找不到此项。
exchange-rejected = ⚠️ 兑换服务未接受：{$reason}
button-expired = 此按钮已失效。

## Amounts and coins

amount-not-a-number = “{$input}”不是数字。请这样输入：<code>0.5</code> 或 <code>0,5</code>。
amount-negative = 数量必须为正数。
amount-zero = 数量必须大于零。
amount-too-precise = 这个数量的小数位太多了。
amount-ambiguous = “{$input}”有两种读法：{$thousands}（逗号为千位分隔符）或 {$decimal}（逗号为小数点）。请输入你想要的那个：<code>{$thousands}</code> 或 <code>{$decimal}</code>。
coin-unknown = 我不认识币种“{$input}”。
coin-unknown-suggest = 我不认识币种“{$input}”。你是不是指 {$suggestions}？
coin-ambiguous = “{$input}”匹配多个币种：{$options}。请输入代码。
coin-number = “{$input}”是数字，不是币种。请先选择币种：两种都选好后，我再问你兑换多少。
coin-same = 两边你都选了 {$coin}。请选择两种不同的币。
rate-type-float = 浮动汇率
rate-type-fixed = 固定汇率

## /rate

rate-usage =
    请这样发送：<code>/rate 数量 源币 目标币</code>
    例如：<code>/rate 0.5 btc eth</code>
    或按要收到的数量：<code>/rate 5 eth from btc</code>，或按美元：<code>/rate $100 btc eth</code>
quote =
    💱 <b>{$amount} {$from}</b> → <b>{$toAmount} {$to}</b>
    汇率：1 {$from} {$rate} {$to}（{$rateType}）
    最小：{$min} {$from} · 最大：{$max} {$from}
quote-below-min = ⚠️ {$amount} {$from} 低于最小值 <b>{$min} {$from}</b>。
quote-above-max = ⚠️ {$amount} {$from} 高于最大值 <b>{$max} {$from}</b>。
quote-below-min-at = ⚠️ {$amount} {$from} 低于最低的最小值 <b>{$min} {$from}</b>（在 {$exchange}）。
quote-above-max-at = ⚠️ {$amount} {$from} 高于最高的最大值 <b>{$max} {$from}</b>（在 {$exchange}）。
quote-exchange-note = 兑换服务的说明：{$message}
quote-offer = 🏦 兑换服务：<b>{$exchange}</b>
quote-offer-best-of = {$count} 家中最佳
quote-offer-eta = ⏱ {$min}–{$max} 分钟
quote-offer-eta-one = ⏱ 约 {$minutes} 分钟
quote-offer-kyc = KYC {$rating}
quote-kyc-legend = KYC 等级：A 从不要求身份 · B 仅针对被标记的资金 · C 兑换看起来可疑时可能要求 · D 可能在验证前冻结资金。
rate-start-swap = 🔁 兑换 {$from} → {$to}

## /currencies

currencies-title = <b>币种</b>（{$total}）· 第 {$page}/{$pages} 页
currencies-title-search = <b>匹配“{$query}”的币种</b>（{$total}）· 第 {$page}/{$pages} 页
currencies-title-similar = <b>没有币种匹配“{$query}”</b>。相似的代码和名称（{$total}）· 第 {$page}/{$pages} 页
currencies-section-exact = <b>{$count ->
        [one] 完全匹配
       *[other] 完全匹配
    }</b>
currencies-section-also = <b>其他匹配</b>（{$count}）
currencies-section-similar = <b>相似的（以防拼写错误）</b>（{$count}）
currencies-empty = 没有币种匹配“{$query}”。试试代码如 <code>btc</code>，或名称如 <code>monero</code>。
currencies-empty-catalog = 币种列表尚未加载。请一分钟后再试。
currencies-hint = 搜索：<code>/currencies 名称</code> · 报价：<code>/rate 1 btc eth</code>
button-prev = ◀ 上一页
button-next = 下一页 ▶

## The exchange conversation
## Each prompt contains its own step's word (send, receive, amount, address, refund) and none of the
## later steps' words: scripts and screen-reader users tell the steps apart by them.

flow-ask-from =
    🔁 <b>新的兑换</b>
    你想<b>发送</b>哪种币？点选一个，或输入它的代码或名称（例如 <code>btc</code>、<code>monero</code>）。
flow-ask-to =
    你发送 <b>{$from}</b>。
    你想<b>接收</b>哪种币？点选一个，或输入它的代码或名称。
flow-ask-amount =
    {$from} → <b>{$to}</b>
    你想兑换多少 {$from}？请输入<b>数量</b>，例如 <code>0.5</code>。
flow-amount-limits = 最小：{$min} {$from}{$max ->
        [none] {""}
       *[other] {" "}· 最大：{$max} {$from}
    }
flow-network-default = {$coin} 的网络：<b>{$network}</b>，兑换服务的默认网络。点选其他网络即可更改。
flow-network-set = {$coin} 的网络：{$network}
flow-quoting = ⏳ 正在获取报价…
flow-ask-address = 现在请输入你要接收币的 <b>{$to} 地址</b>。
flow-ask-memo =
    这个 {$coin} 地址需要收款<b>备注（memo）</b>（{$name}）吗？交易所账户或共享钱包会随地址一起提供：请输入它，或点「无备注」（也可以输入 skip）。
flow-memo-default-name = 备注（Memo）或目标标签（Destination Tag）
flow-memo-again = 请输入 {$coin} 的收款备注，或点「无备注」。
flow-memo-problem-empty = 请输入备注，或点「无备注」。
flow-memo-problem-tag = 目标标签（Destination Tag）是 0 到 4294967295 之间的整数。
flow-memo-problem-pattern = 这不是该网络有效的{$name}。
flow-memo-problem-length = 作为{$name}太长了：最多 100 个字符。
flow-memo-problem-characters = {$name}只能是一行普通字符。
payout-memo-line = 收款备注：<code>{$memo}</code>
button-no-memo = 无备注 ⏭
flow-near-min = ⚠️ 这个数量接近最小值：如果在你的充值到账前汇率或限额发生变化，低于最小值的充值可能会丢失。建议多发送一点。
flow-near-max = ⚠️ 这个数量接近最大值：如果在你的充值到账前汇率或限额发生变化，高于最大值的充值可能会被退回。
flow-amount-range = 请输入 {$min} 到 {$max} {$from} 之间的数量。
flow-amount-at-least = 请输入至少 {$min} {$from} 的数量。
flow-amount-again = 请输入要兑换的 {$from} 数量，例如 <code>0.5</code>。
flow-amount-other-units = 也可以输入想收到的数量，例如 <code>5 {$code}</code>，或按美元计的价值，例如 <code>$100</code>。
amount-unknown-unit = “{$unit}”既不是 {$from} 也不是 {$to}。只输入数字表示 {$from} 数量，数字加 <code>{$to}</code> 表示要收到的数量，<code>$100</code> / <code>100 usd</code> 表示美元。
amount-no-dollar-coin = 现在无法按美元计算：兑换服务没有美元稳定币。请输入 {$from} 数量。
amount-no-rate = 兑换服务没有给出可用于计算该数量的汇率。请输入 {$from} 数量。
flow-amount-dollars = 💵 ${$dollars} ≈ <b>{$amount} {$from}</b>，按 1 {$from} ≈ {$price} {$coin} 计算。
flow-amount-receive = 要收到 {$receive} {$to}，需发送 <b>{$amount} {$from}</b>{$how ->
        [exact] 。
       *[rate] （按汇率计算：收到的数量为估计值）。
    }
flow-ask-refund =
    可选：一个 {$from} <b>退款</b>地址，兑换失败时兑换服务会把你的币退回到这里。请输入地址，或点击“跳过”。
flow-summary =
    <b>请核对你的兑换</b>
    你发送：<b>{$amount} {$from}</b>
    你接收：<b>{$toAmount} {$to}</b>（{$rateType}）
    汇率：1 {$from} {$rate} {$to}
    收款地址：<code>{$address}</code>
    退款地址：{$refund}
flow-summary-no-refund = （无）
flow-summary-exchange = 兑换平台：<b>{$exchange}</b>
flow-summary-ask = 点击“确认”创建兑换，或点击“取消”。
flow-quote-moved = ℹ️ 自你查询报价以来汇率已变动；以下是新的数字。
flow-address-problem-empty = 请输入地址。
flow-address-problem-spaces = 地址中没有空格。请重新粘贴。
flow-address-problem-length = 这看起来不像地址：太短或太长。
flow-address-problem-characters = 这个地址包含地址中不会出现的字符。
flow-address-problem-format = 这不是有效的 {$coin} 地址{$network ->
        [none] {""}
       *[other] （{$network} 网络）
    }。
flow-address-again = 请重新输入 {$coin} 地址。
flow-address-other-network = ⚠️ 这是 {$other} 网络上的 {$coin} 地址，但这笔兑换在 <b>{$network}</b> 网络上付款：发到该地址的币会丢失。要在 {$other} 上用这个地址接收，请点下面的按钮：兑换会在 {$other} 上重新报价。
flow-network-switched = 🔀 这笔兑换现在在 <b>{$network}</b> 网络上付款到 <code>{$address}</code>。新的报价：
flow-offer-gone = ℹ️ {$exchange} 不再为此报价：这是最佳报价，在 {$best}。
flow-refund-again = 请输入一个 {$coin} 退款地址，或点击“跳过”。
flow-ask-refund-memo =
    这个 {$coin} 地址的<b>退款</b>需要备注（{$name}）吗？交易所账户或共享钱包会随地址一起提供：请输入它，或点「无备注」（也可以输入 skip）。
flow-refund-memo-again = 请输入 {$coin} 的退款备注，或点「无备注」。
refund-memo-line = 退款备注：<code>{$memo}</code>
flow-not-understood = 请输入回答，或点击最后一条消息下方的按钮。
flow-step-over = 这一步已经结束。
flow-cancelled = ✖ 兑换已取消。用 /exchange 开始新的兑换。
flow-nothing-to-cancel = 没有可取消的内容。用 /exchange 开始兑换。
flow-expired = ⌛ 你之前的兑换等待回答太久，已过期。我们重新开始吧。
flow-too-many-tries = 这一步已经连续 {$count} 次无法使用你的回答。我们重新开始：/exchange
flow-creating = ⏳ 正在创建你的兑换…
flow-create-failed = 没有创建任何内容。点击“确认”重试，或点击“取消”。
flow-create-rejected = 没有创建任何内容。请用 /exchange 重新开始。
flow-failover-refused = ⚠️ {$exchange} 拒绝了这笔兑换：{$reason}
flow-failover-unavailable = 🔌 {$exchange} 现在无法进行这笔兑换。
flow-failover-next = ↪️ 这是下一个最佳报价，来自 <b>{$exchange}</b>，刚刚报价。在您确认这些数字之前，那里不会创建任何兑换。
flow-failover-none = 现在没有其他兑换平台提供这笔兑换。未创建任何兑换。请用 /exchange 重新开始。
flow-create-pending = ⏳ 兑换服务没有给出明确答复。你的兑换可能已经创建：我正在核实，一旦确定就在这里发送充值地址，或告诉你没有创建任何内容。在此期间请不要发送任何资金，也不要为同一笔资金开始新的兑换。
flow-still-checking = ⏳ 我仍在核实兑换服务是否创建了这笔兑换。一旦确定，我会在这里发送它的充值地址，或告诉你没有创建任何内容（届时你可以再次确认）。在那之前请不要发送任何资金。
flow-create-suspect =
    🛑 <b>兑换 {$id} 无法安全建立。</b>
    兑换服务的答复与你确认的内容不符，因此我不显示它的充值地址。<b>不要为这笔兑换发送任何资金</b>。已通知机器人运营者；请用 /exchange 开始新的兑换。

button-skip = 跳过 ⏭
button-confirm = ✅ 确认
button-cancel = ✖ 取消
button-rate-float = 浮动汇率
button-rate-fixed = 固定汇率
button-switch-network = 在 {$network} 上接收
button-offer = {$exchange} · {$toAmount} {$to}
button-selected = ✓ {$label}

## The deposit message (also the status card, edited as the swap moves on)

deposit =
    ✅ <b>兑换已创建</b>
    请准确发送 <code>{$amount}</code> <b>{$from}</b> 到这个充值地址：
    <code>{$address}</code>

    你接收：{$toAmount} {$to}（{$rateType}）
    收款地址：<code>{$withdrawal}</code>
    交易 ID：<code>{$id}</code>
    状态：{$status}

    下面的按钮可复制地址、数量和交易 ID。你的充值到账后，我会在这里告诉你每一步：确认中、兑换中、已完成。随时可用 /status 查看。
card-in-progress =
    ⚙️ <b>兑换进行中</b>
    你充值的 <code>{$amount}</code> <b>{$from}</b> 已到账：请不要重复发送。

    你接收：{$toAmount} {$to}（{$rateType}）
    收款地址：<code>{$withdrawal}</code>
    交易 ID：<code>{$id}</code>
    状态：{$status}

    有进展时我会通知你。随时可用 /status 查看。
card-held =
    🛂 <b>兑换被暂扣审核</b>
    你发送：<code>{$amount}</code> <b>{$from}</b>

    你接收：{$toAmount} {$to}（{$rateType}）
    收款地址：<code>{$withdrawal}</code>
    交易 ID：<code>{$id}</code>
    状态：{$status}

    有进展时我会通知你。随时可用 /status 查看。
deposit-sandbox = 🧪 <b>沙盒：请勿发送真实资金</b>。这笔兑换是模拟的。
card-sandbox = 🧪 <b>沙盒</b>：这笔兑换是模拟的。
card-success =
    ✅ <b>兑换已完成</b>
    {$amountIn} {$from} → <b>{$amountOut} {$to}</b>
    收款地址：<code>{$withdrawal}</code>
    { $payout ->
        [pending] 付款交易：交易所尚未公布，公布后我会立即发给你。
       *[sent] 付款交易：<code>{$hashOut}</code>
    }
    交易 ID：<code>{$id}</code>
    状态：{$status}
card-overdue =
    ⌛ <b>兑换已过期</b>
    在充值期限结束前，没有收到 {$amountIn} {$from} 的充值。
    交易 ID：<code>{$id}</code>
    状态：{$status}
card-refunded =
    ↩️ <b>兑换已退款</b>
    兑换服务已把你的 {$amountIn} {$from} 退回到 <code>{$refundTo}</code>。
    交易 ID：<code>{$id}</code>
    状态：{$status}
swap-closed = 🔒 这笔兑换已关闭，它的充值地址不再接收资金。
swap-expired-help =
    🔒 不要再向 <code>{$deposit}</code> 发送任何资金：这个充值地址已关闭。
    如果你已经向它发送了资金，请联系兑换服务的客服，并提供交易 ID <code>{$id}</code> 和你的充值交易哈希。{$refund ->
        [none] 退款需要一个收款地址：请准备好你自己的 {$from} 地址。
       *[other] 他们可以把资金退回到你的退款地址 <code>{$refund}</code>。
    }
deposit-qr-caption = {$amount} {$from} 的充值地址
swap-exchange-line = 🏦 兑换服务：<b>{$exchange}</b>
swap-exchange-tracked = 🏦 兑换服务：<b>{$exchange}</b> · <a href="{$link}">在 {$exchange} 网站上跟踪这笔兑换</a>

## Swap states

status-wait = 等待你的充值
status-confirmation = 确认中
status-exchanging = 兑换中
status-success = 已完成
status-overdue = 已过期
status-refunded = 已退款
status-refunding = 退款中
status-verifying = 被暂扣审核

## Inline mode

inline-coin-title = {$code} — {$name}
inline-coin-description = 点击分享 · 找我兑换
inline-coin-message =
    <b>{$code}</b> — {$name}
    {$notes}
inline-swap-button = 🔁 兑换 {$code}
inline-quote-title = {$amount} {$from} → {$toAmount} {$to}
inline-quote-description = 汇率 1 {$from} {$rate} {$to} · 最小 {$min} · 最大 {$max} {$from}
inline-quote-out-of-range-title = {$amount} {$from} 超出限额
inline-quote-out-of-range-description = 最小 {$min} {$from} · 最大 {$max} {$from}
inline-hint-button = 打开机器人进行兑换
rate-too-fast = ⏳ 你查询报价太频繁了。请等几秒钟再试。
fallback-hint = 我没看懂。用 /exchange 开始兑换，用 /rate 查询报价，或查看 /help。
flow-updated = 你兑换到一半时机器人更新了，这笔兑换没有保留：请用 /exchange 重新开始。

## /status and /history

status-none = 你还没有兑换记录。用 /exchange 开始一笔。
status-not-found = 找不到兑换“{$id}”。/history 列出你的兑换。
status-card =
    📄 <b>兑换</b> <code>{$id}</code>
    状态：<b>{$status}</b>
    {$finished ->
        [yes] 数量：{$amountIn} {$from}
       *[other] 你发送：<code>{$amountIn}</code> {$from}
    }
    {$finished ->
        [yes] 已收到：{$received}
       *[other] 你接收：{$received}
    }
    {$rate}
    充值地址：<code>{$deposit}</code>
    收款地址：<code>{$withdrawal}</code>
    退款地址：{$refund}
    充值交易：{$hashIn}
    付款交易：{$hashOut}
    创建时间：{$created}
status-received-expected = {$amount} {$to}（预计）
status-received-final = {$amount} {$to}
status-rate = 汇率：1 {$from} {$rate} {$to}（{$rateType}）
status-rate-unknown = 汇率：—（{$rateType}）
status-rate-quoted = 报价汇率：1 {$from} {$rate} {$to}（{$rateType}）
status-none-value = —
status-stale = ⚠️ 目前无法连接兑换服务：这是截至 {$checked} 的最后已知状态。
status-refresh = 🔄 刷新
history-title = <b>你的兑换</b>（{$total}）· 第 {$page}/{$pages} 页
history-line =
    {$n}. {$amountIn} {$from} → {$to} · {$status}
    ID <code>{$id}</code> · {$created}
history-empty = 你还没有兑换记录。用 /exchange 开始一笔。
history-open = 🔎 {$n}

## Status pushes (one new message per change)

push-confirmation =
    🔎 <b>兑换 {$id}：确认中</b>
    你充值的 {$amountIn} {$from} 已到账，正在网络上确认。你无需任何操作：有进展时我会通知你。
push-exchanging =
    ⚙️ <b>兑换 {$id}：兑换中</b>
    你的 {$amountIn} {$from} 已确认，正在兑换为 {$to}。
push-success =
    ✅ <b>兑换 {$id}：已完成</b>
    你已在 <code>{$withdrawal}</code> 收到 <b>{$amountOut} {$to}</b>。
    { $payout ->
        [pending] 付款交易：交易所尚未公布，公布后我会立即发给你。
       *[sent] 付款交易：<code>{$hashOut}</code>
    }
push-payout =
    🧾 <b>兑换 {$id}：付款已发出</b>
    交易所已将 <b>{$amountOut} {$to}</b> 发送到 <code>{$withdrawal}</code>。
    付款交易：<code>{$hashOut}</code>
push-overdue =
    ⌛ <b>兑换 {$id}：已过期</b>
    充值期限结束前没有收到充值，因此这笔兑换已关闭。用 /exchange 开始新的兑换。
push-refunded =
    ↩️ <b>兑换 {$id}：已退款</b>
    兑换服务已把你的 {$amountIn} {$from} 退回到 <code>{$refundTo}</code>。
push-refunded-no-address = 你发送资金的地址
push-refunding =
    ↩️ <b>兑换 {$id}：退款中</b>
    兑换服务正在把你的 {$amountIn} {$from} 退回到 <code>{$refundTo}</code>。完成后我会通知你。
push-verifying =
    🛂 <b>兑换 {$id}：被暂扣审核</b>
    兑换服务暂扣了这笔兑换，要先审核才会继续。资金没有丢失，也不需要再次发送任何东西：请回复兑换服务，兑换继续时我会通知你。
swap-held = 🛂 兑换服务暂扣了这笔兑换，审核通过后才会继续。在兑换服务放行之前，请不要再发送任何东西。
swap-held-asks = 对方要求：{$asks}
swap-held-link = 在这里回复：{$link}
swap-held-no-link = 请联系兑换服务的客服，并提供兑换 id <code>{$id}</code>。
push-wait =
    ⏳ <b>兑换 {$id}：等待你的充值</b>
    请准确发送 <code>{$amountIn}</code> {$from} 到 <code>{$deposit}</code>。
push-other =
    ℹ️ <b>兑换 {$id}：{$status}</b>
    兑换服务报告了你这笔兑换的新状态。我会继续跟踪，有进展时通知你。
reconcile-found = ✅ 找到了：兑换服务确实创建了你的兑换。
reconcile-not-created = ℹ️ 兑换服务没有你所确认兑换的记录：没有创建任何内容，也不存在对应的充值地址。你可以用 /exchange 重新开始。
swap-suspect =
    🛑 <b>兑换 {$id} 无法安全建立。</b>
    兑换服务根据你的确认创建了一笔兑换，但其详情与你确认的内容不符，因此我不显示它的充值地址。<b>不要为这笔兑换发送任何资金</b>。已通知机器人运营者；请用 /exchange 开始新的兑换。
push-suspect =
    ℹ️ <b>兑换 {$id}：{$status}</b>
    这笔兑换无法安全建立：请不要向它发送任何资金。如果你已经发送，请提供交易 ID {$id} 联系兑换服务的客服。
push-stuck =
    🕰 <b>兑换 {$id} 比平常耗时更久</b>（仍为{$status}）。
    没有任何损失：我会继续跟踪。如果一直这样，请提供交易 ID {$id} 联系兑换服务的客服。
push-stuck-confirmation =
    🕰 <b>兑换 {$id} 比平常耗时更久</b>
    你的充值已到账，但仍在等待网络确认。没有任何损失：以较低网络手续费发送的充值可能需要数小时才能确认，确认后兑换会自动继续。如果长时间一直这样，请联系兑换服务的客服并提供交易 ID {$id}。
push-stuck-exchanging =
    🕰 <b>兑换 {$id} 比平常耗时更久</b>
    你的充值已确认，兑换服务仍在处理付款。没有任何损失，也无需重新发送任何资金。如果长时间一直这样，请联系兑换服务的客服并提供交易 ID {$id}。

## /language

language-name = 🇨🇳 简体中文
language-choose = 请选择我在这个聊天中使用的语言：
language-set = 好的：我在这里将使用简体中文。/help
cmd-language = 选择机器人的语言

## Operator: admin alerts and /stats

alert-unauthorized = 🚨 {$exchange} 拒绝了机器人的 API 密钥（401）。在使用该密钥的请求再次成功之前，它的报价不会显示（用户会收到其他兑换平台的报价）：请修正它的 API 密钥（{$setting}）。
alert-down = 🚨 {$exchange} 已连续故障 {$minutes} 分钟（自 {$since} 起）。无法在该处报价或创建兑换；其兑换的状态推送会延迟。
alert-recovered = ✅ {$exchange} 已恢复响应。
alert-suspect = 🛑 兑换 {$id}（聊天 {$chat}）与其用户确认的内容不符（{$fields}）；已扣下其充值地址不显示。两个版本都在日志中。
stats-not-allowed = /stats 仅供机器人运营者使用。
stats =
    📊 <b>按状态统计的兑换</b>
    今天：{$today}
    最近 7 天：{$week}
    全部：{$all}

    <b>按交易对统计的交易量</b>（全部）
    {$pairs}

    <b>活跃用户</b>：今天 {$usersToday}，7 天内 {$usersWeek}
    <b>兑换服务错误</b>（最近一小时）：{$requests} 次请求中 {$errorRate}
stats-pair = {$pair}：{$swaps} 笔兑换，{$amount}
stats-exchanges = <b>兑换服务</b>（赢得的报价、被拒和失败的创建：自机器人启动以来；兑换、已完成和交易量：全部时间；错误：最近一小时）
stats-exchange = {$exchange}：赢得报价 {$won} 次；兑换 {$created} 笔，被拒 {$refused}，失败 {$failed}，已完成 {$completed}；交易量 {$volume}；错误 {$errorRate}（共 {$requests} 个请求）

## /forget and groups

cmd-forget = 从机器人中删除你已结束的兑换
forget-ask =
    这会删除机器人保存的关于此聊天的内容：{$finished} 笔已结束的兑换和你的设置。
    {$open} 笔仍在进行中的兑换会保留到结束，以便我告诉你结果。
    现在删除吗？
forget-yes = 🗑 删除
forget-no = 保留
forget-kept = 没有删除任何内容。
forget-done = 🗑 已删除 {$deleted} 笔已结束的兑换和此聊天的设置。{$kept} 笔进行中的兑换会保留到结束；之后请再运行一次 /forget。
group-go-private = 🔒 地址不适合发在群组里。我们到私聊中继续吧。
group-go-private-button = 在私聊中继续

## Deposit memos, confirmed networks, fixed payouts, a Confirm after a crash (issue 17)

deposit-memo-line = 备注（Memo / 目标标签 Destination Tag）：<code>{$memo}</code>
deposit-memo-warning = ⚠️ 这个地址是共用的：请把备注填入钱包的 Memo 或 Tag（标签）栏（“📋 备注”按钮可复制它）。不带备注的充值会丢失。
webapp-memo-warning = ⚠️ 这个地址是共用的：请把备注填入钱包的 Memo 或 Tag（标签）栏。不带备注的充值会丢失。
flow-already-created = 这笔兑换之前已经创建。以下是它的充值信息：
flow-already-created-gone = 这次确认之前已创建了一笔兑换，但它后来被删除了。用 /exchange 开始新的兑换。
flow-create-fixed-worse =
    🛑 <b>兑换 {$id} 与你的固定汇率报价不符。</b>
    兑换服务现在只给出 ≈ {$offered} {$to}，而不是你确认的 {$quoted} {$to}，因此我不显示它的充值地址。<b>不要为这笔兑换发送任何资金</b>：它会在未使用的情况下过期。请用 /exchange 重新开始以获取新报价。
flow-create-float-worse =
    🛑 <b>兑换 {$id} 与你的报价不符。</b>
    兑换服务现在估计只有 ≈ {$offered} {$to}，而不是你确认的 ≈ {$quoted} {$to}，远超浮动汇率在这段时间内的正常波动，因此我不显示它的充值地址。<b>不要为这笔兑换发送任何资金</b>：它会在未使用的情况下过期。请用 /exchange 重新开始以获取新报价。

## Tracker: swaps the exchange no longer knows, and other exchanges' swaps

push-given-up =
    ❓ <b>兑换 {$id}：兑换服务已查不到它</b>
    整整一天，兑换服务都回复没有这个 ID 的兑换，因此我已停止跟踪，不会再发送关于它的更新。如果你为它发送过充值，请联系兑换服务的客服并提供交易 ID <code>{$id}</code>。
history-sandbox = 🧪 内置沙盒兑换服务上的测试兑换：没有真实资金，不再跟踪。
history-elsewhere = ↪️ 创建于机器人当前所用之外的另一个兑换服务：不再跟踪。
history-given-up = ❓ 兑换服务已一天查不到：不再跟踪。
status-elsewhere = ↪️ 这笔兑换创建于机器人当前所用之外的另一个兑换服务，因此我无法查询：这是最后已知状态。
status-given-up = ❓ 兑换服务已查不到这笔兑换，因此我停止了跟踪。如果你为它发送过充值，请提供交易 ID 联系兑换服务的客服。

## The Mini App (the page's texts; webapp-* without variables are all sent to the page)

webapp-open-button = 📱 打开兑换应用
webapp-menu-button = 兑换
webapp-title = 兑换
webapp-tab-new = 新的兑换
webapp-tab-list = 我的兑换
webapp-you-send = 你发送
webapp-you-receive = 你接收
webapp-amount = 数量
webapp-amount-units = 也可以输入要收到的数量并带上币种代码（例如 5 ETH），或按美元价值输入（例如 $100）。
webapp-amount-receive = 我想收到
webapp-payout = 收款地址
webapp-refund = 退款地址
webapp-payout-memo = 收款备注
webapp-payout-memo-hint = 你的收款账户需要的备注或目标标签（Destination Tag）；不需要就留空。
webapp-refund-hint = 可选：兑换失败时兑换服务退回你的币的地址。
webapp-refund-memo = 退款备注
webapp-search = 按代码或名称搜索，回车选择
webapp-network = 网络
webapp-network-default = 兑换服务默认网络
webapp-rate-float = 浮动汇率
webapp-rate-fixed = 固定汇率
webapp-next = 下一步
webapp-back = 返回
webapp-confirm = 确认
webapp-summary = 请核对你的兑换
webapp-you-get = 你大约收到
webapp-min = 最小
webapp-max = 最大
webapp-rate = 汇率
webapp-loading = 加载中…
webapp-send-exactly = 请准确发送
webapp-deposit-address = 充值地址
webapp-memo = 备注（Memo / 目标标签 Destination Tag）
webapp-copy = 复制
webapp-copied = 已复制
webapp-status = 状态
webapp-transaction-id = 交易 ID
webapp-swap-exchange = 兑换服务
webapp-swap-exchange-track = 在兑换服务网站上跟踪
webapp-payout-to = 收款地址
webapp-hash-in = 充值交易
webapp-hash-out = 付款交易
webapp-closed = 这笔兑换已结束：不要向它的充值地址发送任何资金。
webapp-received = 充值已到账；无需再发送任何资金。
webapp-held = 兑换服务暂扣了这笔兑换，审核通过后才会继续。请不要再次发送任何东西。
webapp-held-asks = 对方要求
webapp-held-link = 回复兑换服务
webapp-sandbox = 沙盒兑换服务：请勿发送真实资金。
webapp-no-swaps = 你还没有兑换记录。
webapp-open-from-telegram = 此页面只能从 Telegram 中的机器人打开。请打开机器人并点击它的应用按钮。
webapp-not-found = 找不到这笔兑换。
webapp-error = 出了点问题。请重试。
webapp-updated = 应用已更新：请关闭后重新打开。
webapp-slow-down = 请求过多。请等几秒钟再试。
webapp-pending = 兑换服务没有给出明确答复。你的兑换正在核实中，一分半钟内会出现在“我的兑换”中；请不要再次确认。
webapp-already = 这笔兑换之前已经创建。
webapp-suspect = 兑换服务的答复与你的订单不符，因此不显示充值地址。已通知运营者。
webapp-pick-coin = 请选择币种。
webapp-same-coin = 请选择两种不同的币。
webapp-amount-invalid = 请输入数量，例如 0.5。
webapp-amount-ambiguous = {$input} 可以读作 {$thousands}，也可以读作 {$decimal}。请输入你想要的那个：{$thousands} 或 {$decimal}。
webapp-amount-below = 低于最小值 {$min} {$coin}。
webapp-amount-above = 高于最大值 {$max} {$coin}。
webapp-quote-moved = 汇率已变动；以下是新的数字。请核对后再次确认。
webapp-offers = 交易所
webapp-offer-best = 最佳报价
webapp-offer-outside-limits = 其限额不接受此金额
webapp-kyc-legend = KYC 评级：A 从不要求身份验证，D 可能在您验证身份前冻结资金。
webapp-exchange-refused = {$exchange} 拒绝了此兑换：{$reason}
webapp-next-offer = 那里没有创建任何兑换。这是 {$next} 的报价：请核对后确认。
webapp-no-next-offer = 没有创建任何兑换，目前也没有其他交易所提供此兑换。

## Explorer links (receipts: the deposit and payout transactions in pushes, the card and /status)

tx-deposit = 充值交易：<code>{$hash}</code>
tx-deposit-linked = 充值交易：<code>{$hash}</code> · <a href="{$url}">{$site}</a>
tx-explorer-deposit = 🔍 <a href="{$url}">在 {$site} 上查看充值交易</a>
tx-explorer-payout = 🔍 <a href="{$url}">在 {$site} 上查看付款交易</a>

## Fair shares: /status from what the bot knows, a chat's share of swap creations

status-known = ℹ️ 以下是机器人 {$age}前（{$checked}）从兑换服务得到的最新信息：你查询得太频繁，所以它没有再次查询。状态变化仍会在发生时立即发送给你。
status-known-busy = ℹ️ 以下是机器人 {$age}前（{$checked}）从兑换服务得到的最新信息：现在查询的人很多，所以它无法再次查询。状态变化仍会在发生时立即发送给你。
age-seconds = {$n} 秒
age-minutes = {$n} 分钟
age-hours = {$n} 小时
flow-create-chat-share = ⏳ 此聊天在过去一分钟内已创建 {$count ->
        [one] {$count} 笔兑换
       *[other] {$count} 笔兑换
    }，已达单个聊天的上限。你可以在 {$seconds} 秒后再次确认。

## 复制按钮（Telegram 的 copy_text：按钮复制的就是值本身）

copy-address = 📋 地址
copy-amount = 📋 数量
copy-memo = 📋 备注
copy-id = 📋 交易 ID
copy-payout-memo = 📋 收款备注
history-copy-id = 📋 ID {$n}

## 如实的数字：固定报价是确切的，并说明有效多久；实际成交汇率

quote-rate-line = 汇率：1 {$from} {$rate} {$to}（{$rateType}）
quote-fixed-holds = 🔒 固定汇率：这就是你将收到的确切数量。报价后 {$duration} 内有效；之后再确认，我会先重新查询汇率，并告诉你任何变化。
rate-one = 💱 1 {$from} {$rate} {$to}（{$rateType}）
status-received-fixed = {$amount} {$to}（固定）
status-rate-paid = 实付汇率：1 {$from} = {$paid} {$to}

## Support desk

cmd-support = 就某笔兑换联系运营方客服
support-trust = 🛡 客服绝不会主动先联系你，也绝不会索要你的私钥、助记词或任何“验证”付款。
support-trust-desk = 客服的回复只会通过本机器人出现在这个聊天中，并标有“客服”。
support-ask =
    🆘 <b>客服</b>
    出了什么问题？请用一条消息写下来（附说明的截图也很有帮助），我会转给运营方的客服团队。
support-about-swap = 这是关于你的兑换 <code>{$id}</code>（{$status}，{$amount} {$from} → {$to}）。是另一笔？请在下方选择。
support-about-none = 不涉及某笔具体的兑换。
support-pick-none = 不涉及具体兑换
support-ask-text = 请用文字描述问题（带说明的图片或文件也可以）。
support-opened = ✅ 客服已收到你的消息：工单 #{$ticket}。回复会出现在这里，标有“客服”。在工单关闭之前，你在这里写的内容都会进入同一个工单。
support-added = ✉️ 已添加到工单 #{$ticket}。
support-open-already = 🆘 你的工单 #{$ticket} 处于打开状态：在这里写，客服就能收到。
support-close-button = ✖️ 关闭工单 #{$ticket}
support-closed-by-user = 工单 #{$ticket} 已关闭。/support 可以新建工单。
support-closed-by-support = ✅ 客服已关闭工单 #{$ticket}。如果仍有问题，/support 可以新建工单。
support-answer = 💬 <b>客服</b> · 工单 #{$ticket}（通过本机器人）：
support-flood = ⏳ 你写得比客服阅读得还快。请等一分钟：这期间发送的内容不会被转交。
support-open-limit = ⏳ 你在过去一小时内开的工单已达到客服对每人的上限。大约 { $minutes } 分钟后可以再新建工单。客服会阅读每一个工单：你发送的内容都不会丢失。
support-contact = 🆘 如需联系运营方客服，请写信给 {$contact}。
support-none = 抱歉，这个机器人没有客服。
support-cancelled = 你的客服请求已取消。
support-button = 🆘 联系客服
support-ticket-header = 🎫 <b>工单 #{$ticket}</b>
support-ticket-from = 来自：{$name} · id <code>{$id}</code> · 语言 {$language}
support-ticket-swap =
    兑换 <code>{$id}</code> · {$status}（{$raw}）· 创建于 {$created}
    {$amountIn} {$from} → {$amountOut} {$to}（{$rateType}）
    充值地址：<code>{$deposit}</code>
    收款地址：<code>{$withdrawal}</code>
    退款地址：<code>{$refund}</code>
support-ticket-deposit-memo = 充值备注（memo）：<code>{$memo}</code>
support-ticket-exchange = 兑换服务：<b>{$exchange}</b> · 其订单 ID <code>{$id}</code>
support-ticket-exchange-tracked = 兑换服务：<b>{$exchange}</b> · 其订单 ID <code>{$id}</code> · <a href="{$link}">其网站上的订单</a>
support-ticket-held = 🛂 被兑换服务暂扣审核 · 要求：{$asks} · 链接：{$link}
support-ticket-hash-deposit = 充值哈希：<code>{$hash}</code>
support-ticket-hash-deposit-linked = 充值哈希：<code>{$hash}</code> · <a href="{$url}">{$site}</a>
support-ticket-hash-payout = 付款哈希：<code>{$hash}</code>
support-ticket-hash-payout-linked = 付款哈希：<code>{$hash}</code> · <a href="{$url}">{$site}</a>
support-ticket-history = 历史：{$history}
support-ticket-no-swap = 不涉及具体兑换。
support-ticket-words = <b>用户写道：</b>
support-ticket-no-words = （无文字）
support-ticket-how = 回复（reply）本工单的任意一条消息即可答复用户；以回复方式发送 /close（或点按钮）即可关闭。
support-ticket-how-forum = 在此话题中发消息即可答复用户；在这里发送 /close（或点按钮）即可关闭。
support-ticket-follow-up = 🎫 #{$ticket} · {$name}：
support-ticket-closed-by-user = 🎫 #{$ticket}：用户已关闭工单。
support-ticket-closed = 🎫 #{$ticket} 已关闭；已通知用户。
support-ticket-not-open = 🎫 #{$ticket} 已关闭：用户不会收到这条消息。
support-close-needs-ticket = 请用 /close 回复某个工单的消息（或在该工单的话题中发送 /close）。
support-topic-name = #{$ticket} · {$name}
stats-support = <b>客服</b>：{$open} 个未关闭工单，最早的已打开 {$age}
deposit-support-trust = 🛡 客服绝不会主动先联系你，也绝不会索要私钥、助记词或“验证”付款。
webapp-support = 🆘 就这笔兑换联系客服
support-ticket-words-below = （较长：见后续消息）
support-ticket-step = {$status} {$at}
