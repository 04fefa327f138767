## General
## Persian reads right to left; Telegram and the page lay it out so. Numbers stay in Latin digits
## (amounts, addresses and ids must read exactly as the wallet and the exchange show them).

welcome =
    👋 سلام{$name ->
        [none] {""}
       *[other] {" "}{$name}
    }! من یک رمزارز را با رمزارز دیگری تبدیل می‌کنم: بدون حساب کاربری و بدون ثبت‌نام.

    برای شروع یک تبدیل /exchange را بزنید، یا قیمت بگیرید، مثلاً <code>/rate 0.5 btc eth</code>.
    در هر گفتگویی هم می‌توانید با نوشتن <code>@{$bot} btc</code> ارزها را جستجو کنید.
    /help همهٔ کارهایی را که بلدم نشان می‌دهد.

help =
    <b>چه کار می‌کنم</b>
    من از طریق یک سرویس تبدیل فوری، یک ارز را با ارز دیگری تبدیل می‌کنم. شما ارزها و مقدار را انتخاب می‌کنید، قیمت را می‌بینید، آدرسی را که می‌خواهید در آن دریافت کنید می‌دهید و من یک آدرس واریز به شما می‌دهم. هر بار که تبدیل شما جلو برود خبرتان می‌کنم.

    <b>فرمان‌ها</b>
    {$commands}

    <b>نکته‌ها</b>
    • در هر مرحله علاوه بر زدن دکمه‌ها می‌توانید بنویسید: کد ارزها (<code>btc</code>)، نام‌ها (<code>monero</code>)، مقدارها (<code>0.5</code> یا <code>0,5</code>).
    • در مرحلهٔ مقدار، <code>5 eth</code> مقدار دریافتی است (کد ارز دریافتی) و <code>$100</code> یا <code>100 usd</code> مقداری به ارزش همان دلار آمریکا.
    • ارز می‌تواند شبکه‌اش را همراه داشته باشد: <code>usdt trc20</code> یا <code>usdt@trc20</code>.
    • از هر گفتگویی ارز جستجو کنید: <code>@{$bot} eth</code>.

cmd-start = خوش‌آمد و شروع کار
cmd-exchange = تبدیل یک ارز به ارز دیگر
cmd-rate = قیمت، مثلاً /rate 0.5 btc eth
cmd-currencies = دیدن یا جستجوی ارزها
cmd-status = وضعیت تبدیل شما (آخرین، یا با شناسه)
cmd-history = تبدیل‌های شما، جدیدترین اول
cmd-cancel = خروج از مراحل فعلی
cmd-help = فرمان‌ها و راهنما

error-generic = 😕 مشکلی از سمت من پیش آمد. لطفاً کمی بعد دوباره امتحان کنید.
error-storage = ⏳ ربات برای مدت کوتاهی در دسترس نیست. تبدیل‌های شما امن هستند: لطفاً یک دقیقه بعد دوباره امتحان کنید.
error-storage-held = ⏳ ربات برای مدت کوتاهی در دسترس نیست. تبدیل‌های شما امن هستند و به محض بازگشت به این پیام پاسخ می‌دهم: نیازی به ارسال دوباره نیست.
exchange-busy = ⏳ صرافی الان شلوغ است. لطفاً {$seconds} ثانیه دیگر دوباره امتحان کنید.
exchange-unavailable = 🔌 صرافی موقتاً در دسترس نیست. لطفاً چند دقیقه دیگر دوباره امتحان کنید.
exchange-not-found = صرافی این مورد را نمی‌شناسد.
exchange-rejected = ⚠️ صرافی این را نپذیرفت: {$reason}
button-expired = این دکمه دیگر فعال نیست.

## Amounts and coins

amount-not-a-number = «{$input}» عدد نیست. آن را این‌طور بنویسید: <code>0.5</code> یا <code>0,5</code>.
amount-negative = مقدار باید مثبت باشد.
amount-zero = مقدار باید بیشتر از صفر باشد.
amount-too-precise = این مقدار رقم اعشار بیش از حد دارد.
amount-ambiguous = «{$input}» را می‌توان دو جور خواند: {$thousands} (ویرگول جداکنندهٔ هزارگان) یا {$decimal} (ویرگول اعشار). همان را که منظورتان است بنویسید: <code>{$thousands}</code> یا <code>{$decimal}</code>.
coin-unknown = ارز «{$input}» را نمی‌شناسم.
coin-unknown-suggest = ارز «{$input}» را نمی‌شناسم. منظورتان {$suggestions} بود؟
coin-ambiguous = «{$input}» با چند ارز جور درمی‌آید: {$options}. لطفاً کد را بنویسید.
coin-number = «{$input}» یک عدد است، نه یک ارز. اول ارزها را انتخاب کنید: وقتی هر دو انتخاب شدند، می‌پرسم چقدر تبدیل شود.
coin-same = در هر دو طرف {$coin} را انتخاب کردید. دو ارز متفاوت انتخاب کنید.
rate-type-float = نرخ شناور
rate-type-fixed = نرخ ثابت

## /rate

rate-usage =
    این‌طور بفرستید: <code>/rate AMOUNT FROM TO</code>
    مثلاً: <code>/rate 0.5 btc eth</code>
    یا با مقدار دریافتی: <code>/rate 5 eth from btc</code>، یا به دلار: <code>/rate $100 btc eth</code>
quote =
    💱 <b>{$amount} {$from}</b> → <b>{$toAmount} {$to}</b>
    نرخ: 1 {$from} {$rate} {$to} ({$rateType})
    حداقل: {$min} {$from} · حداکثر: {$max} {$from}
quote-below-min = ⚠️ {$amount} {$from} کمتر از حداقل <b>{$min} {$from}</b> است.
quote-above-max = ⚠️ {$amount} {$from} بیشتر از حداکثر <b>{$max} {$from}</b> است.
quote-below-min-at = ⚠️ {$amount} {$from} کمتر از پایین‌ترین حداقل، <b>{$min} {$from}</b> است (در {$exchange}).
quote-above-max-at = ⚠️ {$amount} {$from} بیشتر از بالاترین حداکثر، <b>{$max} {$from}</b> است (در {$exchange}).
quote-exchange-note = یادداشت صرافی: {$message}
quote-offer = 🏦 صرافی: <b>{$exchange}</b>
quote-offer-best-of = بهترین از {$count} صرافی
quote-offer-eta = ⏱ {$min}–{$max} دقیقه
quote-offer-eta-one = ⏱ حدود {$minutes} دقیقه
quote-offer-kyc = KYC {$rating}
quote-kyc-legend = رتبه‌های KYC: A هرگز هویت نمی‌خواهد · B فقط برای وجوه علامت‌خورده · C ممکن است وقتی تبدیلی مشکوک به نظر برسد بخواهد · D ممکن است وجوه را تا احراز هویت نگه دارد.
rate-start-swap = 🔁 تبدیل {$from} → {$to}

## /currencies

currencies-title = <b>ارزها</b> ({$total}) · صفحهٔ {$page} از {$pages}
currencies-title-search = <b>ارزهای منطبق با «{$query}»</b> ({$total}) · صفحهٔ {$page} از {$pages}
currencies-title-similar = <b>هیچ ارزی با «{$query}» جور نیست</b>. کدها و نام‌های مشابه ({$total}) · صفحهٔ {$page} از {$pages}
currencies-section-exact = <b>{$count ->
        [one] تطابق دقیق
       *[other] تطابق‌های دقیق
    }</b>
currencies-section-also = <b>منطبق‌های دیگر</b> ({$count})
currencies-section-similar = <b>مشابه‌ها، اگر غلط تایپی باشد</b> ({$count})
currencies-empty = هیچ ارزی با «{$query}» جور نیست. کدی مثل <code>btc</code> یا نامی مثل <code>monero</code> را امتحان کنید.
currencies-empty-catalog = فهرست ارزها هنوز بارگیری نشده است. لطفاً یک دقیقهٔ دیگر دوباره امتحان کنید.
currencies-hint = جستجو: <code>/currencies name</code> · قیمت: <code>/rate 1 btc eth</code>
button-prev = ◀ قبلی
button-next = بعدی ▶

## The exchange conversation
## Each prompt contains its own step's word (send, receive, amount, address, refund) and none of the
## later steps' words: scripts and screen-reader users tell the steps apart by them.

flow-ask-from =
    🔁 <b>تبدیل جدید</b>
    کدام ارز را می‌خواهید <b>بفرستید</b>؟ یکی را بزنید یا کد یا نامش را بنویسید (مثلاً <code>btc</code>، <code>monero</code>).
flow-ask-to =
    شما <b>{$from}</b> می‌فرستید.
    کدام ارز را می‌خواهید <b>دریافت کنید</b>؟ یکی را بزنید یا کد یا نامش را بنویسید.
flow-ask-amount =
    {$from} → <b>{$to}</b>
    چه <b>مقدار</b> {$from} می‌خواهید تبدیل کنید؟ یک عدد بنویسید، مثلاً <code>0.5</code>.
flow-amount-limits = حداقل: {$min} {$from}{$max ->
        [none] {""}
       *[other] {" "}· حداکثر: {$max} {$from}
    }
flow-network-default = شبکهٔ {$coin}: <b>{$network}</b>، پیش‌فرض صرافی. برای تغییر، شبکهٔ دیگری را بزنید.
flow-network-set = شبکهٔ {$coin}: {$network}
flow-quoting = ⏳ در حال گرفتن قیمت…
flow-ask-address = حالا <b>آدرس {$to}</b> را که می‌خواهید ارز را در آن دریافت کنید بنویسید.
flow-ask-memo =
    آیا این آدرس {$coin} به <b>ممو (memo)</b> پرداخت ({$name}) نیاز دارد؟ حساب صرافی یا کیف پول مشترک آن را همراه آدرس می‌دهد: آن را بنویسید، یا «بدون ممو» را بزنید (یا skip بنویسید).
flow-memo-default-name = ممو یا تگ مقصد (Destination Tag)
flow-memo-again = ممو پرداخت {$coin} را بنویسید، یا «بدون ممو» را بزنید.
flow-memo-problem-empty = ممو را بنویسید، یا «بدون ممو» را بزنید.
flow-memo-problem-tag = تگ مقصد (Destination Tag) یک عدد صحیح از 0 تا 4294967295 است.
flow-memo-problem-pattern = این {$name} معتبری برای این شبکه نیست.
flow-memo-problem-length = برای {$name} بیش از حد طولانی است: حداکثر 100 نویسه.
flow-memo-problem-characters = {$name} یک خط از نویسه‌های معمولی است.
payout-memo-line = ممو پرداخت: <code>{$memo}</code>
button-no-memo = بدون ممو ⏭
flow-near-min = ⚠️ این نزدیک حداقل است: اگر نرخ یا محدودیت‌ها پیش از رسیدن واریز شما تغییر کنند، واریزی کمتر از حداقل ممکن است از دست برود. بهتر است کمی بیشتر بفرستید.
flow-near-max = ⚠️ این نزدیک حداکثر است: اگر نرخ یا محدودیت‌ها پیش از رسیدن واریز شما تغییر کنند، واریزی بیشتر از حداکثر ممکن است برگشت داده شود.
flow-amount-range = مقداری بین {$min} و {$max} {$from} بنویسید.
flow-amount-at-least = مقداری دست‌کم {$min} {$from} بنویسید.
flow-amount-again = مقدار {$from} برای تبدیل را بنویسید، مثلاً <code>0.5</code>.
flow-amount-other-units = یا بنویسید چقدر می‌خواهید دریافت کنید، مثلاً <code>5 {$code}</code>، یا ارزش آن به دلار آمریکا، مثلاً <code>$100</code>.
amount-unknown-unit = «{$unit}» نه {$from} است و نه {$to}. برای {$from} فقط یک عدد بنویسید، برای مقدار دریافتی یک عدد با <code>{$to}</code>، یا برای دلار <code>$100</code> / <code>100 usd</code>.
amount-no-dollar-coin = الان نمی‌توانم دلار را حساب کنم: صرافی هیچ استیبل‌کوین دلاری ندارد. مقدار را به {$from} بنویسید.
amount-no-rate = صرافی نرخی برای محاسبهٔ این مقدار اعلام نکرد. مقدار را به {$from} بنویسید.
flow-amount-dollars = 💵 ${$dollars} ≈ <b>{$amount} {$from}</b> با نرخ 1 {$from} ≈ {$price} {$coin}.
flow-amount-receive = برای دریافت {$receive} {$to} باید <b>{$amount} {$from}</b> بفرستید{$how ->
        [exact] .
       *[rate] {" "}(با نرخ حساب شده: مقدار دریافتی تخمینی است).
    }
flow-ask-refund =
    اختیاری: یک آدرس <b>بازگشت وجه</b> برای {$from}، که اگر تبدیل ناموفق بود صرافی ارزتان را به آن برمی‌گرداند. آن را بنویسید یا «رد کردن» را بزنید.
flow-summary =
    <b>لطفاً تبدیل خود را بررسی کنید</b>
    می‌فرستید: <b>{$amount} {$from}</b>
    دریافت می‌کنید: <b>{$toAmount} {$to}</b> ({$rateType})
    نرخ: 1 {$from} {$rate} {$to}
    آدرس دریافت: <code>{$address}</code>
    بازگشت وجه به: {$refund}
flow-summary-no-refund = (ندارد)
flow-summary-exchange = صرافی: <b>{$exchange}</b>
flow-summary-ask = برای ساختن تبدیل «تأیید» را بزنید، یا «لغو».
flow-quote-moved = ℹ️ نرخ از زمان قیمت‌گیری شما تغییر کرده است؛ این‌ها عددهای جدید هستند.
flow-address-problem-empty = لطفاً یک آدرس بنویسید.
flow-address-problem-spaces = آدرس فاصله ندارد. لطفاً دوباره آن را جای‌گذاری کنید.
flow-address-problem-length = این شبیه آدرس نیست: خیلی کوتاه یا خیلی بلند است.
flow-address-problem-characters = این آدرس نویسه‌هایی دارد که هیچ آدرسی ندارد.
flow-address-problem-format = این یک آدرس معتبر {$coin}{$network ->
        [none] {""}
       *[other] {" "}در شبکهٔ {$network}
    } نیست.
flow-address-again = آدرس {$coin} را دوباره بنویسید.
flow-address-other-network = ⚠️ این یک آدرس {$coin} در شبکهٔ {$other} است، اما این تبدیل در شبکهٔ <b>{$network}</b> پرداخت می‌کند: کوین‌هایی که آنجا به آن فرستاده شوند از دست می‌روند. برای دریافت در {$other} به همین آدرس، دکمهٔ زیر را بزنید: تبدیل دوباره در {$other} قیمت‌گذاری می‌شود.
flow-network-switched = 🔀 این تبدیل اکنون در شبکهٔ <b>{$network}</b> به <code>{$address}</code> پرداخت می‌کند. قیمت جدید:
flow-offer-gone = ℹ️ {$exchange} دیگر برای این قیمت نمی‌دهد: بهترین پیشنهاد در {$best} است.
flow-refund-again = یک آدرس بازگشت وجه برای {$coin} بنویسید، یا «رد کردن» را بزنید.
flow-ask-refund-memo =
    آیا این آدرس {$coin} برای <b>بازگشت وجه</b> به ممو ({$name}) نیاز دارد؟ حساب صرافی یا کیف پول مشترک آن را همراه آدرس می‌دهد: آن را بنویسید، یا «بدون ممو» را بزنید (یا skip بنویسید).
flow-refund-memo-again = ممو بازگشت وجه {$coin} را بنویسید، یا «بدون ممو» را بزنید.
refund-memo-line = ممو بازگشت وجه: <code>{$memo}</code>
flow-not-understood = لطفاً پاسخی بنویسید یا یکی از دکمه‌های زیر آخرین پیام را بزنید.
flow-step-over = این مرحله تمام شده است.
flow-cancelled = ✖ تبدیل لغو شد. با /exchange یک تبدیل جدید شروع کنید.
flow-nothing-to-cancel = چیزی برای لغو نیست. با /exchange یک تبدیل شروع کنید.
flow-expired = ⌛ تبدیل قبلی شما بیش از حد منتظر پاسخ ماند و منقضی شد. بیایید یک تبدیل تازه شروع کنیم.
flow-too-many-tries = این {$count} پاسخ پشت سر هم است که این مرحله نتوانست از آن استفاده کند. بیایید از نو شروع کنیم: /exchange
flow-creating = ⏳ در حال ساختن تبدیل شما…
flow-create-failed = چیزی ساخته نشد. برای تلاش دوباره «تأیید» را بزنید، یا «لغو».
flow-create-rejected = چیزی ساخته نشد. با /exchange از نو شروع کنید.
flow-failover-refused = ⚠️ {$exchange} این تبدیل را رد کرد: {$reason}
flow-failover-unavailable = 🔌 {$exchange} اکنون نمی‌تواند این تبدیل را انجام دهد.
flow-failover-next = ↪️ این بهترین پیشنهاد بعدی است، از <b>{$exchange}</b>، که همین حالا قیمت گرفته شد. تا این اعداد را تأیید نکنید آنجا چیزی ساخته نمی‌شود.
flow-failover-none = اکنون هیچ صرافی دیگری این تبدیل را پیشنهاد نمی‌دهد. چیزی ساخته نشد. با /exchange دوباره شروع کنید.
flow-create-pending = ⏳ صرافی پاسخ روشنی نداد. ممکن است تبدیل شما ساخته شده باشد: دارم بررسی می‌کنم و به محض اینکه بدانم آدرس واریز را همین‌جا می‌فرستم، یا می‌گویم که چیزی ساخته نشد. تا آن موقع چیزی نفرستید و برای همین پول تبدیل تازه‌ای شروع نکنید.
flow-still-checking = ⏳ هنوز دارم بررسی می‌کنم که آیا صرافی این تبدیل را ساخته است یا نه. به محض اینکه بدانم آدرس واریزش را همین‌جا می‌فرستم، یا می‌گویم که چیزی ساخته نشد (آن وقت می‌توانید دوباره تأیید کنید). پیش از آن چیزی نفرستید.
flow-create-suspect =
    🛑 <b>تبدیل {$id} را نشد به‌طور امن آماده کرد.</b>
    پاسخ صرافی با آنچه شما تأیید کردید یکی نیست، پس آدرس واریزش را نشان نمی‌دهم. برای این تبدیل <b>هیچ چیز نفرستید</b>. به گردانندهٔ ربات خبر داده شد؛ با /exchange یک تبدیل جدید شروع کنید.

button-skip = رد کردن ⏭
button-confirm = ✅ تأیید
button-cancel = ✖ لغو
button-rate-float = نرخ شناور
button-rate-fixed = نرخ ثابت
button-switch-network = دریافت در {$network}
button-offer = {$exchange} · {$toAmount} {$to}
button-selected = ✓ {$label}

## The deposit message (also the status card, edited as the swap moves on)

deposit =
    ✅ <b>تبدیل ساخته شد</b>
    دقیقاً <code>{$amount}</code> <b>{$from}</b> به این آدرس واریز بفرستید:
    <code>{$address}</code>

    دریافت می‌کنید: {$toAmount} {$to} ({$rateType})
    آدرس دریافت: <code>{$withdrawal}</code>
    شناسهٔ تراکنش: <code>{$id}</code>
    وضعیت: {$status}

    دکمه‌های زیر آدرس، مقدار و شناسهٔ تراکنش را کپی می‌کنند. وقتی واریز شما برسد، هر مرحله را همین‌جا خبر می‌دهم: در حال تأیید، در حال تبدیل، انجام شد. هر وقت خواستید با /status آن را ببینید.
card-in-progress =
    ⚙️ <b>تبدیل در جریان است</b>
    واریز <code>{$amount}</code> <b>{$from}</b> شما رسیده است: آن را دوباره نفرستید.

    دریافت می‌کنید: {$toAmount} {$to} ({$rateType})
    آدرس دریافت: <code>{$withdrawal}</code>
    شناسهٔ تراکنش: <code>{$id}</code>
    وضعیت: {$status}

    وقتی جلو برود خبرتان می‌کنم. هر وقت خواستید با /status آن را ببینید.
card-held =
    🛂 <b>تبدیل برای احراز هویت نگه داشته شده است</b>
    ارسال می‌کنید: <code>{$amount}</code> <b>{$from}</b>

    دریافت می‌کنید: {$toAmount} {$to} ({$rateType})
    آدرس دریافت: <code>{$withdrawal}</code>
    شناسهٔ تراکنش: <code>{$id}</code>
    وضعیت: {$status}

    وقتی جلو برود خبرتان می‌کنم. هر وقت خواستید با /status آن را ببینید.
deposit-sandbox = 🧪 <b>محیط آزمایشی: پول واقعی نفرستید</b>. این تبدیل شبیه‌سازی است.
card-sandbox = 🧪 <b>محیط آزمایشی</b>: این تبدیل شبیه‌سازی شد.
card-success =
    ✅ <b>تبدیل انجام شد</b>
    {$amountIn} {$from} → <b>{$amountOut} {$to}</b>
    آدرس دریافت: <code>{$withdrawal}</code>
    { $payout ->
        [pending] تراکنش پرداخت: صرافی هنوز آن را نشان نداده است؛ به محض نمایش آن را می‌فرستم.
       *[sent] تراکنش پرداخت: <code>{$hashOut}</code>
    }
    شناسهٔ تراکنش: <code>{$id}</code>
    وضعیت: {$status}
card-overdue =
    ⌛ <b>تبدیل منقضی شد</b>
    پیش از بسته شدن مهلت واریز، هیچ واریزی به مقدار {$amountIn} {$from} نرسید.
    شناسهٔ تراکنش: <code>{$id}</code>
    وضعیت: {$status}
card-refunded =
    ↩️ <b>وجه تبدیل برگشت داده شد</b>
    صرافی {$amountIn} {$from} شما را به <code>{$refundTo}</code> برگرداند.
    شناسهٔ تراکنش: <code>{$id}</code>
    وضعیت: {$status}
swap-closed = 🔒 این تبدیل بسته شده است و آدرس واریزش دیگر وجهی نمی‌پذیرد.
swap-expired-help =
    🔒 دیگر چیزی به <code>{$deposit}</code> نفرستید: آن آدرس واریز بسته شده است.
    اگر قبلاً وجهی به آن فرستاده‌اید، با پشتیبانی صرافی تماس بگیرید و شناسهٔ تراکنش <code>{$id}</code> و هش واریز خود را بدهید. {$refund ->
        [none] برای بازگشت وجه یک آدرس لازم است: یک آدرس {$from} متعلق به خودتان آماده داشته باشید.
       *[other] آن‌ها می‌توانند وجه را به آدرس بازگشت وجه شما <code>{$refund}</code> برگردانند.
    }
deposit-qr-caption = آدرس واریز برای {$amount} {$from}
swap-exchange-line = 🏦 صرافی: <b>{$exchange}</b>
swap-exchange-tracked = 🏦 صرافی: <b>{$exchange}</b> · <a href="{$link}">پیگیری این تبدیل در سایت {$exchange}</a>

## Swap states

status-wait = در انتظار واریز شما
status-confirmation = در حال تأیید
status-exchanging = در حال تبدیل
status-success = انجام شد
status-overdue = منقضی شد
status-refunded = وجه برگشت داده شد
status-refunding = بازگشت وجه در جریان است
status-verifying = در انتظار احراز هویت

## Inline mode

inline-coin-title = {$code} — {$name}
inline-coin-description = برای اشتراک بزنید · با من تبدیلش کنید
inline-coin-message =
    <b>{$code}</b> — {$name}
    {$notes}
inline-swap-button = 🔁 تبدیل {$code}
inline-quote-title = {$amount} {$from} → {$toAmount} {$to}
inline-quote-description = نرخ 1 {$from} {$rate} {$to} · حداقل {$min} · حداکثر {$max} {$from}
inline-quote-out-of-range-title = {$amount} {$from} خارج از محدوده است
inline-quote-out-of-range-description = حداقل {$min} {$from} · حداکثر {$max} {$from}
inline-hint-button = برای تبدیل، ربات را باز کنید
rate-too-fast = ⏳ خیلی سریع قیمت می‌خواهید. لطفاً چند ثانیه صبر کنید و دوباره امتحان کنید.
fallback-hint = متوجه نشدم. با /exchange یک تبدیل شروع کنید، با /rate قیمت بگیرید، یا /help را ببینید.
flow-updated = ربات در میانهٔ تبدیل شما به‌روزرسانی شد و آن تبدیل نگه داشته نشد: لطفاً با /exchange دوباره شروع کنید.

## /status and /history

status-none = هنوز هیچ تبدیلی ندارید. با /exchange یکی شروع کنید.
status-not-found = تبدیل «{$id}» پیدا نشد. /history تبدیل‌های شما را فهرست می‌کند.
status-card =
    📄 <b>تبدیل</b> <code>{$id}</code>
    وضعیت: <b>{$status}</b>
    {$finished ->
        [yes] مقدار: {$amountIn} {$from}
       *[other] می‌فرستید: <code>{$amountIn}</code> {$from}
    }
    {$finished ->
        [yes] دریافت شد: {$received}
       *[other] دریافت می‌کنید: {$received}
    }
    {$rate}
    آدرس واریز: <code>{$deposit}</code>
    آدرس دریافت: <code>{$withdrawal}</code>
    آدرس بازگشت وجه: {$refund}
    تراکنش واریز: {$hashIn}
    تراکنش پرداخت: {$hashOut}
    ساخته شده: {$created}
status-received-expected = {$amount} {$to} (تخمینی)
status-received-final = {$amount} {$to}
status-rate = نرخ: 1 {$from} {$rate} {$to} ({$rateType})
status-rate-unknown = نرخ: — ({$rateType})
status-rate-quoted = نرخ اعلام‌شده: 1 {$from} {$rate} {$to} ({$rateType})
status-none-value = —
status-stale = ⚠️ الان به صرافی دسترسی نیست: این آخرین وضعیت شناخته‌شده است، از {$checked}.
status-refresh = 🔄 به‌روزرسانی
history-title = <b>تبدیل‌های شما</b> ({$total}) · صفحهٔ {$page} از {$pages}
history-line =
    {$n}. {$amountIn} {$from} → {$to} · {$status}
    شناسه <code>{$id}</code> · {$created}
history-empty = هنوز هیچ تبدیلی ندارید. با /exchange یکی شروع کنید.
history-open = 🔎 {$n}

## Status pushes (one new message per change)

push-confirmation =
    🔎 <b>تبدیل {$id}: در حال تأیید</b>
    واریز {$amountIn} {$from} شما رسیده و در شبکه در حال تأیید است. کاری لازم نیست: وقتی جلو برود خبرتان می‌کنم.
push-exchanging =
    ⚙️ <b>تبدیل {$id}: در حال تبدیل</b>
    {$amountIn} {$from} شما تأیید شده و در حال تبدیل به {$to} است.
push-success =
    ✅ <b>تبدیل {$id}: انجام شد</b>
    <b>{$amountOut} {$to}</b> در <code>{$withdrawal}</code> دریافت کردید.
    { $payout ->
        [pending] تراکنش پرداخت: صرافی هنوز آن را نشان نداده است؛ به محض نمایش آن را می‌فرستم.
       *[sent] تراکنش پرداخت: <code>{$hashOut}</code>
    }
push-payout =
    🧾 <b>تبدیل {$id}: پرداخت ارسال شد</b>
    صرافی <b>{$amountOut} {$to}</b> را به <code>{$withdrawal}</code> فرستاد.
    تراکنش پرداخت: <code>{$hashOut}</code>
push-overdue =
    ⌛ <b>تبدیل {$id}: منقضی شد</b>
    پیش از بسته شدن مهلت واریز، هیچ واریزی نرسید، پس این تبدیل بسته شد. با /exchange یک تبدیل جدید شروع کنید.
push-refunded =
    ↩️ <b>تبدیل {$id}: وجه برگشت داده شد</b>
    صرافی {$amountIn} {$from} شما را به <code>{$refundTo}</code> برگرداند.
push-refunded-no-address = آدرسی که از آن فرستادید
push-refunding =
    ↩️ <b>تبدیل {$id}: بازگشت وجه در جریان است</b>
    صرافی در حال برگرداندن {$amountIn} {$from} شما به <code>{$refundTo}</code> است. وقتی تمام شد خبرتان می‌کنم.
push-verifying =
    🛂 <b>تبدیل {$id}: در انتظار احراز هویت</b>
    صرافی این تبدیل را نگه داشته تا پیش از ادامه آن را بررسی کند. چیزی از دست نرفته و لازم نیست دوباره چیزی بفرستید: به صرافی پاسخ دهید و وقتی تبدیل ادامه پیدا کرد خبرتان می‌کنم.
swap-held = 🛂 صرافی این تبدیل را برای بررسی نگه داشته است. تا وقتی صرافی اجازه ادامه نداده، چیز دیگری نفرستید.
swap-held-asks = آنچه می‌خواهد: {$asks}
swap-held-link = جای پاسخ دادن: {$link}
swap-held-no-link = به پشتیبانی صرافی بنویسید و شناسه تبدیل <code>{$id}</code> را ذکر کنید.
push-wait =
    ⏳ <b>تبدیل {$id}: در انتظار واریز شما</b>
    دقیقاً <code>{$amountIn}</code> {$from} به <code>{$deposit}</code> بفرستید.
push-other =
    ℹ️ <b>تبدیل {$id}: {$status}</b>
    صرافی وضعیت تازه‌ای برای تبدیل شما گزارش می‌دهد. همچنان دنبالش می‌کنم و وقتی جلو برود خبرتان می‌کنم.
reconcile-found = ✅ پیدا شد: صرافی تبدیل شما را واقعاً ساخته است.
reconcile-not-created = ℹ️ صرافی هیچ سابقه‌ای از تبدیلی که تأیید کردید ندارد: چیزی ساخته نشد و هیچ آدرس واریزی برای آن وجود ندارد. می‌توانید با /exchange از نو شروع کنید.
swap-suspect =
    🛑 <b>تبدیل {$id} را نشد به‌طور امن آماده کرد.</b>
    صرافی برای تأیید شما یک تبدیل ساخت، اما جزئیاتش با آنچه تأیید کردید یکی نیست، پس آدرس واریزش را نشان نمی‌دهم. برای این تبدیل <b>هیچ چیز نفرستید</b>. به گردانندهٔ ربات خبر داده شد؛ با /exchange یک تبدیل جدید شروع کنید.
push-suspect =
    ℹ️ <b>تبدیل {$id}: {$status}</b>
    این تبدیل به‌طور امن آماده نشد: چیزی به آن نفرستید. اگر فرستاده‌اید، با شناسهٔ تراکنش {$id} با پشتیبانی صرافی تماس بگیرید.
push-stuck =
    🕰 <b>تبدیل {$id} بیشتر از معمول طول می‌کشد</b> (هنوز: {$status}).
    چیزی از دست نرفته است: همچنان دنبالش می‌کنم. اگر همین‌طور ماند، با شناسهٔ تراکنش {$id} با پشتیبانی صرافی تماس بگیرید.
push-stuck-confirmation =
    🕰 <b>تبدیل {$id} بیشتر از معمول طول می‌کشد</b>
    واریز شما رسیده اما هنوز منتظر تأییدهای شبکه است. چیزی از دست نرفته است: واریزی که با کارمزد شبکهٔ کم فرستاده شده ممکن است ساعت‌ها طول بکشد تا تأیید شود، و پس از آن تبدیل خودش ادامه پیدا می‌کند. اگر خیلی بیشتر همین‌طور ماند، با پشتیبانی صرافی تماس بگیرید و شناسهٔ تراکنش {$id} را بدهید.
push-stuck-exchanging =
    🕰 <b>تبدیل {$id} بیشتر از معمول طول می‌کشد</b>
    واریز شما تأیید شده و صرافی هنوز مشغول آماده کردن پرداخت است. چیزی از دست نرفته و لازم نیست چیزی را دوباره بفرستید. اگر خیلی بیشتر همین‌طور ماند، با پشتیبانی صرافی تماس بگیرید و شناسهٔ تراکنش {$id} را بدهید.

## /language

language-name = 🇮🇷 فارسی
language-choose = زبانی را که در این گفتگو با آن حرف بزنم انتخاب کنید:
language-set = انجام شد: اینجا فارسی صحبت می‌کنم. /help
cmd-language = انتخاب زبان ربات

## Operator: admin alerts and /stats

alert-unauthorized = 🚨 {$exchange} کلید API ربات را رد می‌کند (401). تا وقتی درخواستی با این کلید دوباره موفق نشود، پیشنهادهای آن کنار گذاشته می‌شوند (کاربران پیشنهاد صرافی‌های دیگر را می‌گیرند): کلید API آن را درست کنید ({$setting}).
alert-down = 🚨 {$exchange} {$minutes} دقیقه است که خطا می‌دهد (از {$since}). آنجا نه می‌شود قیمت گرفت و نه تبدیل ساخت؛ اعلان‌های وضعیت تبدیل‌هایش با تأخیر می‌رسند.
alert-recovered = ✅ {$exchange} دوباره پاسخ می‌دهد.
alert-suspect = 🛑 تبدیل {$id} (گفتگوی {$chat}) با آنچه کاربرش تأیید کرد یکی نیست ({$fields})؛ آدرس واریزش نشان داده نشد. هر دو نسخه در لاگ هست.
stats-not-allowed = /stats فقط برای گردانندگان ربات است.
stats =
    📊 <b>تبدیل‌ها بر اساس وضعیت</b>
    امروز: {$today}
    7 روز گذشته: {$week}
    از ابتدا: {$all}

    <b>حجم بر اساس جفت‌ارز</b> (از ابتدا)
    {$pairs}

    <b>کاربران فعال</b>: {$usersToday} امروز، {$usersWeek} در 7 روز
    <b>خطاهای صرافی</b> (یک ساعت گذشته): {$errorRate} از {$requests} درخواست
stats-pair = {$pair}: {$swaps} تبدیل، {$amount}
stats-exchanges = <b>صرافی‌ها</b> (پیشنهادهای برنده، ساخت‌های ردشده و ناموفق: از شروع ربات؛ تبدیل‌ها، تکمیل‌شده‌ها و حجم: از ابتدا؛ خطاها: یک ساعت اخیر)
stats-exchange = {$exchange}: {$won} پیشنهاد برنده؛ {$created} تبدیل، {$refused} ردشده، {$failed} ناموفق، {$completed} تکمیل‌شده؛ حجم {$volume}؛ خطاها {$errorRate} از {$requests} درخواست

## /forget and groups

cmd-forget = پاک کردن تبدیل‌های تمام‌شدهٔ شما از ربات
forget-ask =
    این کار آنچه را ربات دربارهٔ این گفتگو نگه داشته پاک می‌کند: {$finished} تبدیل تمام‌شده و تنظیمات شما.
    {$open} تبدیل که هنوز در جریان است تا پایانش نگه داشته می‌شود تا بتوانم بگویم چطور تمام شد.
    الان پاک شود؟
forget-yes = 🗑 پاک کن
forget-no = نگه دار
forget-kept = چیزی پاک نشد.
forget-done = 🗑 {$deleted} تبدیل تمام‌شده و تنظیمات این گفتگو پاک شد. {$kept} تبدیل در جریان تا پایانشان نگه داشته می‌شوند؛ بعد از آن دوباره /forget را بزنید.
group-go-private = 🔒 آدرس‌ها جایشان در گروه نیست. بیایید در گفتگوی خصوصی ادامه دهیم.
group-go-private-button = ادامه در گفتگوی خصوصی

## Deposit memos, confirmed networks, fixed payouts, a Confirm after a crash (issue 17)

deposit-memo-line = ممو (تگ مقصد / Destination Tag): <code>{$memo}</code>
deposit-memo-warning = ⚠️ این آدرس مشترک است: ممو را در فیلد Memo یا Tag کیف پولتان وارد کنید (دکمهٔ «📋 ممو» آن را کپی می‌کند). واریز بدون آن از دست می‌رود.
webapp-memo-warning = ⚠️ این آدرس مشترک است: ممو را در فیلد Memo یا Tag کیف پولتان وارد کنید. واریز بدون آن از دست می‌رود.
flow-already-created = این تبدیل قبلاً ساخته شده بود. جزئیات واریزش این است:
flow-already-created-gone = این تأیید قبلاً یک تبدیل ساخته بود که بعداً پاک شد. با /exchange یک تبدیل جدید شروع کنید.
flow-create-fixed-worse =
    🛑 <b>تبدیل {$id} با قیمت نرخ ثابت شما یکی نیست.</b>
    صرافی حالا به جای {$quoted} {$to} که شما تأیید کردید ≈ {$offered} {$to} پیشنهاد می‌دهد، پس آدرس واریزش را نشان نمی‌دهم. برای این تبدیل <b>هیچ چیز نفرستید</b>: بدون استفاده منقضی می‌شود. برای قیمت تازه با /exchange از نو شروع کنید.
flow-create-float-worse =
    🛑 <b>تبدیل {$id} با قیمتی که تأیید کردید یکی نیست.</b>
    صرافی حالا به جای ≈ {$quoted} {$to} که شما تأیید کردید ≈ {$offered} {$to} تخمین می‌زند، که بسیار بیشتر از تغییر یک نرخ شناور در این مدت است، پس آدرس واریزش را نشان نمی‌دهم. برای این تبدیل <b>هیچ چیز نفرستید</b>: بدون استفاده منقضی می‌شود. برای قیمت تازه با /exchange از نو شروع کنید.

## Tracker: swaps the exchange no longer knows, and other exchanges' swaps

push-given-up =
    ❓ <b>تبدیل {$id}: صرافی دیگر آن را نمی‌شناسد</b>
    صرافی یک روز کامل پاسخ داده که هیچ تبدیلی با این شناسه ندارد، پس دنبال کردنش را متوقف کردم و دیگر خبری دربارهٔ آن نمی‌فرستم. اگر برای آن واریزی فرستاده‌اید، با پشتیبانی صرافی تماس بگیرید و شناسهٔ تراکنش <code>{$id}</code> را بدهید.
history-sandbox = 🧪 تبدیل آزمایشی در صرافی آزمایشی داخلی: بدون پول واقعی، دیگر دنبال نمی‌شود.
history-elsewhere = ↪️ در صرافی دیگری غیر از صرافی فعلی ربات ساخته شده: دیگر دنبال نمی‌شود.
history-given-up = ❓ یک روز برای صرافی ناشناخته بوده: دیگر دنبال نمی‌شود.
status-elsewhere = ↪️ این تبدیل در صرافی دیگری غیر از صرافی فعلی ربات ساخته شده، پس نمی‌توانم درباره‌اش بپرسم: این آخرین وضعیت شناخته‌شده است.
status-given-up = ❓ صرافی دیگر این تبدیل را نمی‌شناسد، پس دنبال کردنش را متوقف کردم. اگر برای آن واریزی فرستاده‌اید، با شناسهٔ تراکنش با پشتیبانی صرافی تماس بگیرید.

## The Mini App (the page's texts; webapp-* without variables are all sent to the page)

webapp-open-button = 📱 باز کردن برنامهٔ تبدیل
webapp-menu-button = تبدیل
webapp-title = تبدیل
webapp-tab-new = تبدیل جدید
webapp-tab-list = تبدیل‌های من
webapp-you-send = می‌فرستید
webapp-you-receive = دریافت می‌کنید
webapp-amount = مقدار
webapp-amount-units = یا مقدار دریافتی را با کد کوینش (مثلاً 5 ETH) یا ارزش آن را به دلار آمریکا (مثلاً $100) بنویسید.
webapp-amount-receive = می‌خواهم دریافت کنم
webapp-payout = آدرس دریافت
webapp-refund = آدرس بازگشت وجه
webapp-payout-memo = ممو پرداخت
webapp-payout-memo-hint = ممو یا تگ مقصد (Destination Tag) که حساب دریافت‌کننده شما لازم دارد؛ اگر لازم نیست خالی بگذارید.
webapp-refund-hint = اختیاری: جایی که اگر تبدیل ناموفق بود صرافی ارزتان را برمی‌گرداند.
webapp-refund-memo = ممو بازگشت وجه
webapp-search = جستجو با کد یا نام، Enter انتخاب می‌کند
webapp-network = شبکه
webapp-network-default = پیش‌فرض صرافی
webapp-rate-float = نرخ شناور
webapp-rate-fixed = نرخ ثابت
webapp-next = بعدی
webapp-back = بازگشت
webapp-confirm = تأیید
webapp-summary = لطفاً تبدیل خود را بررسی کنید
webapp-you-get = تقریباً دریافت می‌کنید
webapp-min = حداقل
webapp-max = حداکثر
webapp-rate = نرخ
webapp-loading = در حال بارگیری…
webapp-send-exactly = دقیقاً بفرستید
webapp-deposit-address = آدرس واریز
webapp-memo = ممو (تگ مقصد / Destination Tag)
webapp-copy = کپی
webapp-copied = کپی شد
webapp-status = وضعیت
webapp-transaction-id = شناسهٔ تراکنش
webapp-swap-exchange = صرافی
webapp-swap-exchange-track = پیگیری در سایت صرافی
webapp-payout-to = آدرس دریافت
webapp-hash-in = تراکنش واریز
webapp-hash-out = تراکنش پرداخت
webapp-closed = این تبدیل تمام شده است: به آدرس واریزش هیچ چیز نفرستید.
webapp-received = واریز رسیده است؛ چیز دیگری برای فرستادن نیست.
webapp-held = صرافی این تبدیل را برای بررسی نگه داشته است. دوباره چیزی نفرستید.
webapp-held-asks = آنچه می‌خواهد
webapp-held-link = پاسخ به صرافی
webapp-sandbox = صرافی آزمایشی: پول واقعی نفرستید.
webapp-no-swaps = هنوز هیچ تبدیلی ندارید.
webapp-open-from-telegram = این صفحه فقط وقتی کار می‌کند که از ربات در تلگرام باز شود. ربات را باز کنید و دکمهٔ برنامه‌اش را بزنید.
webapp-not-found = تبدیل پیدا نشد.
webapp-error = مشکلی پیش آمد. لطفاً دوباره امتحان کنید.
webapp-updated = برنامه به‌روزرسانی شد: آن را ببندید و دوباره باز کنید.
webapp-slow-down = درخواست‌ها بیش از حد است. چند ثانیه صبر کنید و دوباره امتحان کنید.
webapp-pending = صرافی پاسخ روشنی نداد. تبدیل شما در حال بررسی است و تا یک دقیقه و نیم دیگر در «تبدیل‌های من» دیده می‌شود؛ دوباره تأیید نکنید.
webapp-already = این تبدیل قبلاً ساخته شده بود.
webapp-suspect = پاسخ صرافی با سفارش شما یکی نیست، پس هیچ آدرس واریزی نشان داده نمی‌شود. به گرداننده خبر داده شد.
webapp-pick-coin = یک ارز انتخاب کنید.
webapp-same-coin = دو ارز متفاوت انتخاب کنید.
webapp-amount-invalid = یک مقدار بنویسید، مثلاً 0.5.
webapp-amount-ambiguous = {$input} را می‌توان {$thousands} یا {$decimal} خواند. همان را که منظورتان است بنویسید: {$thousands} یا {$decimal}.
webapp-amount-below = کمتر از حداقل {$min} {$coin}.
webapp-amount-above = بیشتر از حداکثر {$max} {$coin}.
webapp-quote-moved = نرخ تغییر کرده است؛ این‌ها عددهای جدید هستند. بررسی کنید و دوباره تأیید کنید.
webapp-offers = صرافی
webapp-offer-best = بهترین پیشنهاد
webapp-offer-outside-limits = محدوده‌های آن این مقدار را نمی‌پذیرد
webapp-kyc-legend = رتبهٔ KYC: ‏A هرگز مدرک هویت نمی‌خواهد، D ممکن است تا احراز هویت شما وجوه را نگه دارد.
webapp-exchange-refused = {$exchange} این تبادل را نپذیرفت: {$reason}
webapp-next-offer = آنجا چیزی ساخته نشد. این پیشنهاد {$next} است: بررسی و تأیید کنید.
webapp-no-next-offer = چیزی ساخته نشد و اکنون هیچ صرافی دیگری این تبادل را پیشنهاد نمی‌دهد.

## Explorer links (receipts: the deposit and payout transactions in pushes, the card and /status)

tx-deposit = تراکنش واریز: <code>{$hash}</code>
tx-deposit-linked = تراکنش واریز: <code>{$hash}</code> · <a href="{$url}">{$site}</a>
tx-explorer-deposit = 🔍 <a href="{$url}">تراکنش واریز در {$site}</a>
tx-explorer-payout = 🔍 <a href="{$url}">تراکنش پرداخت در {$site}</a>

## Fair shares: /status from what the bot knows, a chat's share of swap creations

status-known = ℹ️ آن‌طور که ربات آخرین بار از صرافی شنید نشان داده می‌شود، {$age} پیش ({$checked}): خیلی زیاد می‌پرسید، پس دوباره نپرسید. تغییرات وضعیت همچنان همان لحظه برایتان فرستاده می‌شود.
status-known-busy = ℹ️ آن‌طور که ربات آخرین بار از صرافی شنید نشان داده می‌شود، {$age} پیش ({$checked}): الان افراد زیادی می‌پرسند، پس نتوانست دوباره بپرسد. تغییرات وضعیت همچنان همان لحظه برایتان فرستاده می‌شود.
age-seconds = {$n} ثانیه
age-minutes = {$n} دقیقه
age-hours = {$n} ساعت
flow-create-chat-share = ⏳ این گفتگو در یک دقیقهٔ گذشته {$count ->
        [one] {$count} تبدیل
       *[other] {$count} تبدیل
    } ساخته است، یعنی بیشترین تعدادی که یک گفتگو مجاز است. {$seconds} ثانیه دیگر می‌توانید دوباره تأیید کنید.

## دکمه‌های کپی (copy_text تلگرام: دکمه خود مقدار را کپی می‌کند)

copy-address = 📋 آدرس
copy-amount = 📋 مقدار
copy-memo = 📋 ممو
copy-id = 📋 شناسهٔ تراکنش
copy-payout-memo = 📋 ممو پرداخت
history-copy-id = 📋 شناسهٔ {$n}

## اعداد صادقانه: قیمت ثابت دقیق است و می‌گوید تا کی معتبر است؛ نرخ پرداخت‌شده

quote-rate-line = نرخ: 1 {$from} {$rate} {$to} ({$rateType})
quote-fixed-holds = 🔒 نرخ ثابت: این دقیقاً همان مقداری است که دریافت می‌کنید. تا {$duration} پس از اعلام قیمت معتبر است؛ اگر دیرتر تأیید کنید، اول نرخ را دوباره می‌پرسم و هر تغییری را نشانتان می‌دهم.
rate-one = 💱 1 {$from} {$rate} {$to} ({$rateType})
status-received-fixed = {$amount} {$to} (ثابت)
status-rate-paid = نرخ پرداخت‌شده: 1 {$from} = {$paid} {$to}

## Support desk

cmd-support = نوشتن به پشتیبانی اپراتور دربارهٔ یک تبدیل
support-trust = 🛡 پشتیبانی هرگز اول به شما پیام نمی‌دهد و هرگز کلیدها، عبارت بازیابی (seed) یا پرداخت «تأییدی» از شما نمی‌خواهد.
support-trust-desk = پاسخ‌هایش فقط در همین گفتگو، از طریق همین ربات و با برچسب «پشتیبانی» می‌رسد.
support-ask =
    🆘 <b>پشتیبانی</b>
    چه مشکلی پیش آمده؟ در یک پیام بنویسید (یک اسکرین‌شات با توضیح هم کمک می‌کند) تا آن را به تیم پشتیبانی اپراتور برسانم.
support-about-swap = دربارهٔ تبدیل <code>{$id}</code> شماست ({$status}، {$amount} {$from} → {$to}). تبدیل دیگری است؟ از پایین انتخاب کنید.
support-about-none = دربارهٔ تبدیل مشخصی نیست.
support-pick-none = هیچ تبدیل مشخصی
support-ask-text = لطفاً مشکل را با کلمات توضیح دهید (عکس یا فایل با توضیح هم قبول است).
support-opened = ✅ پشتیبانی پیام شما را دریافت کرد: تیکت #{$ticket}. پاسخ‌ها با برچسب «پشتیبانی» همین‌جا می‌رسند. هر چه تا بسته شدن تیکت این‌جا بنویسید به همین تیکت می‌رود.
support-added = ✉️ به تیکت #{$ticket} افزوده شد.
support-open-already = 🆘 تیکت #{$ticket} شما باز است: این‌جا بنویسید تا به پشتیبانی برسد.
support-close-button = ✖️ بستن تیکت #{$ticket}
support-closed-by-user = تیکت #{$ticket} بسته شد. /support یک تیکت تازه باز می‌کند.
support-closed-by-support = ✅ پشتیبانی تیکت #{$ticket} را بست. اگر هنوز مشکلی هست، /support یک تیکت تازه باز می‌کند.
support-answer = 💬 <b>پشتیبانی</b> · تیکت #{$ticket} (از طریق همین ربات):
support-flood = ⏳ سریع‌تر از آن می‌نویسید که پشتیبانی بتواند بخواند. لطفاً یک دقیقه صبر کنید: آنچه در این فاصله بفرستید منتقل نمی‌شود.
support-open-limit = ⏳ در یک ساعت گذشته به اندازه‌ای که پشتیبانی از یک نفر می‌پذیرد تیکت باز کرده‌اید. حدود { $minutes } دقیقه دیگر می‌توانید تیکت تازه‌ای باز کنید. پشتیبانی همهٔ تیکت‌ها را می‌خواند: چیزی از آنچه فرستاده‌اید گم نشده است.
support-contact = 🆘 برای تماس با پشتیبانی اپراتور به {$contact} پیام دهید.
support-none = متأسفانه این ربات پشتیبانی ندارد.
support-cancelled = درخواست پشتیبانی شما لغو شد.
support-button = 🆘 تماس با پشتیبانی
support-ticket-header = 🎫 <b>تیکت #{$ticket}</b>
support-ticket-from = از: {$name} · شناسه <code>{$id}</code> · زبان {$language}
support-ticket-swap =
    تبدیل <code>{$id}</code> · {$status} ({$raw}) · ساخته‌شده {$created}
    {$amountIn} {$from} → {$amountOut} {$to} ({$rateType})
    آدرس واریز: <code>{$deposit}</code>
    آدرس دریافت: <code>{$withdrawal}</code>
    آدرس بازپرداخت: <code>{$refund}</code>
support-ticket-deposit-memo = ممو واریز: <code>{$memo}</code>
support-ticket-exchange = صرافی: <b>{$exchange}</b> · شناسهٔ سفارش در آن <code>{$id}</code>
support-ticket-exchange-tracked = صرافی: <b>{$exchange}</b> · شناسهٔ سفارش در آن <code>{$id}</code> · <a href="{$link}">سفارش در سایت آن</a>
support-ticket-held = 🛂 صرافی آن را برای احراز هویت نگه داشته · درخواست: {$asks} · پیوند: {$link}
support-ticket-hash-deposit = هش واریز: <code>{$hash}</code>
support-ticket-hash-deposit-linked = هش واریز: <code>{$hash}</code> · <a href="{$url}">{$site}</a>
support-ticket-hash-payout = هش پرداخت: <code>{$hash}</code>
support-ticket-hash-payout-linked = هش پرداخت: <code>{$hash}</code> · <a href="{$url}">{$site}</a>
support-ticket-history = تاریخچه: {$history}
support-ticket-no-swap = هیچ تبدیل مشخصی.
support-ticket-words = <b>کاربر می‌نویسد:</b>
support-ticket-no-words = (بدون متن)
support-ticket-how = برای پاسخ به کاربر، به یکی از پیام‌های این تیکت ریپلای کنید؛ /close به‌صورت ریپلای (یا دکمه) آن را می‌بندد.
support-ticket-how-forum = برای پاسخ به کاربر در همین تاپیک بنویسید؛ /close در این‌جا (یا دکمه) آن را می‌بندد.
support-ticket-follow-up = 🎫 #{$ticket} · {$name}:
support-ticket-closed-by-user = 🎫 #{$ticket}: کاربر تیکت را بست.
support-ticket-closed = 🎫 #{$ticket} بسته شد؛ به کاربر خبر داده شد.
support-ticket-not-open = 🎫 #{$ticket} بسته است: این پیام به کاربر نمی‌رسد.
support-close-needs-ticket = به یکی از پیام‌های یک تیکت با /close ریپلای کنید (یا /close را در تاپیک آن بنویسید).
support-topic-name = #{$ticket} · {$name}
stats-support = <b>پشتیبانی</b>: {$open} تیکت باز، قدیمی‌ترین {$age} پیش باز شده
deposit-support-trust = 🛡 پشتیبانی هرگز اول پیام نمی‌دهد و هرگز کلید، عبارت بازیابی یا پرداخت «تأییدی» نمی‌خواهد.
webapp-support = 🆘 تماس با پشتیبانی دربارهٔ این تبدیل
support-ticket-words-below = (طولانی: در پیام‌های بعدی)
support-ticket-step = {$status} {$at}
