## General

welcome =
    👋 Merhaba{$name ->
        [none] {""}
       *[other] , {$name}
    }! Bir kripto parayı başka bir kripto parayla takas ederim: hesap yok, kayıt yok.

    Takasa başlamak için /exchange'e dokunun ya da fiyat isteyin, örneğin <code>/rate 0.5 btc eth</code>.
    Herhangi bir sohbette <code>@{$bot} btc</code> yazarak coin de arayabilirsiniz.
    /help yapabildiğim her şeyi listeler.

help =
    <b>Ne yaparım</b>
    Anında takas yapan bir servis aracılığıyla bir coini başka bir coinle takas ederim. Coinleri ve miktarı siz seçersiniz, fiyatı görürsünüz, almak istediğiniz adresi verirsiniz, ben de size bir yatırma adresi veririm. Takasınız her ilerlediğinde size haber veririm.

    <b>Komutlar</b>
    {$commands}

    <b>İpuçları</b>
    • Her adımda düğmelere dokunmanın yanında yazabilirsiniz de: coin kodları (<code>btc</code>), adlar (<code>monero</code>), miktarlar (<code>0.5</code> ya da <code>0,5</code>).
    • Miktar adımında <code>5 eth</code> alacağınız miktardır (alınacak coinin kodu), <code>$100</code> ya da <code>100 usd</code> ise o kadar ABD doları değerindeki miktar.
    • Bir coin ağıyla birlikte yazılabilir: <code>usdt trc20</code> ya da <code>usdt@trc20</code>.
    • Herhangi bir sohbetten coin arayın: <code>@{$bot} eth</code>.

cmd-start = karşılama ve nasıl başlanır
cmd-exchange = bir coini başka bir coinle takas et
cmd-rate = fiyat, örn. /rate 0.5 btc eth
cmd-currencies = coinlere göz at veya ara
cmd-status = takasınızın durumu (son takas veya id ile)
cmd-history = takaslarınız, en yenisi önce
cmd-cancel = adım adım akıştan çık
cmd-help = komutlar ve kullanım

error-generic = 😕 Benim tarafımda bir sorun oldu. Lütfen biraz sonra tekrar deneyin.
error-storage = ⏳ Bot kısa bir süreliğine kullanılamıyor. Takaslarınız güvende: lütfen bir dakika sonra tekrar deneyin.
error-storage-held = ⏳ Bot kısa bir süreliğine kullanılamıyor. Takaslarınız güvende; döner dönmez bu mesajı yanıtlayacağım: tekrar göndermenize gerek yok.
exchange-busy = ⏳ Borsa şu anda yoğun. Lütfen {$seconds} sn sonra tekrar deneyin.
exchange-unavailable = 🔌 Borsaya şu anda ulaşılamıyor. Lütfen birkaç dakika sonra tekrar deneyin.
exchange-not-found = Borsa bu kaydı tanımıyor.
exchange-rejected = ⚠️ Borsa bunu kabul etmedi: {$reason}
button-expired = Bu düğme artık geçerli değil.

## Amounts and coins

amount-not-a-number = “{$input}” bir sayı değil. <code>0.5</code> ya da <code>0,5</code> gibi yazın.
amount-negative = Miktar pozitif olmalı.
amount-zero = Miktar sıfırdan büyük olmalı.
amount-too-precise = Bu miktarda çok fazla ondalık basamak var.
amount-ambiguous = “{$input}” iki şekilde okunabilir: {$thousands} (binlik ayırıcı virgül) veya {$decimal} (ondalık virgül). Kastettiğinizi yazın: <code>{$thousands}</code> veya <code>{$decimal}</code>.
coin-unknown = “{$input}” adlı coini tanımıyorum.
coin-unknown-suggest = “{$input}” adlı coini tanımıyorum. Şunu mu demek istediniz: {$suggestions}?
coin-ambiguous = “{$input}” birden fazla coinle eşleşiyor: {$options}. Lütfen kodunu yazın.
coin-number = “{$input}” bir sayı, coin değil. Önce coinleri seçin: ikisi de seçilince ne kadar takas edeceğinizi sorarım.
coin-same = İki tarafta da {$coin} seçtiniz. İki farklı coin seçin.
rate-type-float = değişken kur
rate-type-fixed = sabit kur

## /rate

rate-usage =
    Şöyle gönderin: <code>/rate MİKTAR NEYDEN NEYE</code>
    Örneğin: <code>/rate 0.5 btc eth</code>
    Ya da alınacak miktarla: <code>/rate 5 eth from btc</code>, veya dolarla: <code>/rate $100 btc eth</code>
quote =
    💱 <b>{$amount} {$from}</b> → <b>{$toAmount} {$to}</b>
    Kur: 1 {$from} {$rate} {$to} ({$rateType})
    En az: {$min} {$from} · En çok: {$max} {$from}
quote-below-min = ⚠️ {$amount} {$from}, en az tutar olan <b>{$min} {$from}</b> altında.
quote-above-max = ⚠️ {$amount} {$from}, en çok tutar olan <b>{$max} {$from}</b> üstünde.
quote-below-min-at = ⚠️ {$amount} {$from}, en düşük en az tutar olan <b>{$min} {$from}</b> altında ({$exchange} borsasında).
quote-above-max-at = ⚠️ {$amount} {$from}, en yüksek en çok tutar olan <b>{$max} {$from}</b> üstünde ({$exchange} borsasında).
quote-exchange-note = Borsanın notu: {$message}
quote-offer = 🏦 Borsa: <b>{$exchange}</b>
quote-offer-best-of = {$count} borsanın en iyisi
quote-offer-eta = ⏱ {$min}–{$max} dk
quote-offer-eta-one = ⏱ yaklaşık {$minutes} dk
quote-offer-kyc = KYC {$rating}
quote-kyc-legend = KYC dereceleri: A hiç kimlik istemez · B yalnızca işaretli fonlar için · C bir takas şüpheli görünürse isteyebilir · D doğrulanana kadar fonları tutabilir.
rate-start-swap = 🔁 {$from} → {$to} takas et

## /currencies

currencies-title = <b>Coinler</b> ({$total}) · sayfa {$page} / {$pages}
currencies-title-search = <b>“{$query}” ile eşleşen coinler</b> ({$total}) · sayfa {$page} / {$pages}
currencies-title-similar = <b>“{$query}” ile eşleşen coin yok</b>. Benzer kodlar ve adlar ({$total}) · sayfa {$page} / {$pages}
currencies-section-exact = <b>{$count ->
        [one] Tam eşleşme
       *[other] Tam eşleşmeler
    }</b>
currencies-section-also = <b>Ayrıca eşleşenler</b> ({$count})
currencies-section-similar = <b>Benzerleri, bir yazım hatası olursa diye</b> ({$count})
currencies-empty = “{$query}” ile eşleşen coin yok. <code>btc</code> gibi bir kod ya da <code>monero</code> gibi bir ad deneyin.
currencies-empty-catalog = Coin listesi henüz yüklenmedi. Lütfen bir dakika sonra tekrar deneyin.
currencies-hint = Arama: <code>/currencies ad</code> · Fiyat: <code>/rate 1 btc eth</code>
button-prev = ◀ Geri
button-next = İleri ▶

## The exchange conversation
## Each prompt contains its own step's word (send, receive, amount, address, refund) and none of the
## later steps' words: scripts and screen-reader users tell the steps apart by them.

flow-ask-from =
    🔁 <b>Yeni takas</b>
    Hangi coini <b>göndermek</b> istiyorsunuz? Birine dokunun ya da kodunu veya adını yazın (örn. <code>btc</code>, <code>monero</code>).
flow-ask-to =
    Gönderdiğiniz: <b>{$from}</b>.
    Hangi coini <b>almak</b> istiyorsunuz? Birine dokunun ya da kodunu veya adını yazın.
flow-ask-amount =
    {$from} → <b>{$to}</b>
    Ne kadar {$from} takas etmek istiyorsunuz? <b>Miktarı</b> bir sayı olarak yazın, örn. <code>0.5</code>.
flow-amount-limits = En az: {$min} {$from}{$max ->
        [none] {""}
       *[other] {" "}· En çok: {$max} {$from}
    }
flow-network-default = {$coin} için ağ: <b>{$network}</b>, borsanın varsayılanı. Değiştirmek için başka birine dokunun.
flow-network-set = {$coin} için ağ: {$network}
flow-quoting = ⏳ Fiyat alınıyor…
flow-ask-address = Şimdi coinleri almak istediğiniz <b>{$to} adresini</b> yazın.
flow-ask-memo =
    Bu {$coin} adresi bir ödeme <b>memo</b>'su ({$name}) istiyor mu? Bir borsa hesabı ya da ortak cüzdan bunu adresiyle birlikte verir: yazın ya da «Memo yok» düğmesine dokunun (veya skip yazın).
flow-memo-default-name = memo ya da hedef etiketi (destination tag)
flow-memo-again = {$coin} için ödeme memo'sunu yazın ya da «Memo yok» düğmesine dokunun.
flow-memo-problem-empty = Memo'yu yazın ya da «Memo yok» düğmesine dokunun.
flow-memo-problem-tag = Hedef etiketi (destination tag) 0 ile 4294967295 arasında bir tam sayıdır.
flow-memo-problem-pattern = Bu, bu ağ için geçerli bir {$name} değil.
flow-memo-problem-length = Bir {$name} için fazla uzun: en çok 100 karakter.
flow-memo-problem-characters = {$name} düz karakterlerden oluşan tek bir satırdır.
payout-memo-line = Ödeme memo'su: <code>{$memo}</code>
button-no-memo = Memo yok ⏭
flow-near-min = ⚠️ Bu, en az tutara yakın: yatırdığınız para ulaşmadan kur veya limitler değişirse, en az tutarın altında kalan bir yatırma kaybolabilir. Biraz daha fazla göndermeyi düşünün.
flow-near-max = ⚠️ Bu, en çok tutara yakın: yatırdığınız para ulaşmadan kur veya limitler değişirse, en çok tutarın üstünde kalan bir yatırma geri gönderilebilir.
flow-amount-range = {$min} ile {$max} {$from} arasında bir miktar yazın.
flow-amount-at-least = En az {$min} {$from} tutarında bir miktar yazın.
flow-amount-again = Takas edilecek {$from} miktarını yazın, örn. <code>0.5</code>.
flow-amount-other-units = Ya da ne kadar almak istediğinizi yazın, örn. <code>5 {$code}</code>, veya ABD doları karşılığını, örn. <code>$100</code>.
amount-unknown-unit = “{$unit}” ne {$from} ne de {$to}. {$from} için yalnızca bir sayı, alınacak miktar için <code>{$to}</code> ile bir sayı, dolar için <code>$100</code> / <code>100 usd</code> yazın.
amount-no-dollar-coin = Şu an doları hesaplayamıyorum: borsa hiçbir ABD doları stablecoin'i listelemiyor. Miktarı {$from} olarak yazın.
amount-no-rate = Borsa bu miktarı hesaplamak için bir kur vermedi. Miktarı {$from} olarak yazın.
flow-amount-dollars = 💵 ${$dollars} ≈ <b>{$amount} {$from}</b>, 1 {$from} ≈ {$price} {$coin} kuruyla.
flow-amount-receive = {$receive} {$to} almak için <b>{$amount} {$from}</b> gönderirsiniz{$how ->
        [exact] .
       *[rate] {" "}(kurdan hesaplandı: alacağınız miktar tahminidir).
    }
flow-ask-refund =
    İsteğe bağlı: takas başarısız olursa borsanın coinlerinizi geri göndereceği bir {$from} <b>iade</b> adresi. Yazın ya da «Atla»ya dokunun.
flow-summary =
    <b>Lütfen takasınızı kontrol edin</b>
    Gönderdiğiniz: <b>{$amount} {$from}</b>
    Alacağınız: <b>{$toAmount} {$to}</b> ({$rateType})
    Kur: 1 {$from} {$rate} {$to}
    Alıcı adres: <code>{$address}</code>
    İade adresi: {$refund}
flow-summary-no-refund = (yok)
flow-summary-exchange = Borsa: <b>{$exchange}</b>
flow-summary-ask = Takası oluşturmak için «Onayla»ya, vazgeçmek için «İptal»e dokunun.
flow-quote-moved = ℹ️ Fiyat aldığınızdan beri kur değişti; yeni rakamlar bunlar.
flow-address-problem-empty = Lütfen bir adres yazın.
flow-address-problem-spaces = Adreslerde boşluk olmaz. Lütfen yeniden yapıştırın.
flow-address-problem-length = Bu bir adrese benzemiyor: çok kısa ya da çok uzun.
flow-address-problem-characters = Bu adreste hiçbir adreste bulunmayan karakterler var.
flow-address-problem-format = Bu geçerli bir {$coin} adresi değil{$network ->
        [none] {""}
       *[other] {" "}({$network} ağında)
    }.
flow-address-again = {$coin} adresini yeniden yazın.
flow-address-other-network = ⚠️ Bu, {$other} ağında bir {$coin} adresi, ama bu takas <b>{$network}</b> ağında ödeme yapıyor: oraya gönderilen coinler kaybolur. Bu adrese {$other} ağında almak için aşağıdaki düğmeye dokunun: takas {$other} ağında yeniden fiyatlanır.
flow-network-switched = 🔀 Bu takas artık <b>{$network}</b> ağında, <code>{$address}</code> adresine ödeme yapıyor. Yeni fiyat:
flow-offer-gone = ℹ️ {$exchange} artık bunun için fiyat vermiyor: en iyi teklif {$best} borsasında.
flow-refund-again = Bir {$coin} iade adresi yazın ya da «Atla»ya dokunun.
flow-ask-refund-memo =
    Bu {$coin} adresi <b>iade</b> için bir memo ({$name}) istiyor mu? Bir borsa hesabı ya da ortak cüzdan bunu adresiyle birlikte verir: yazın ya da «Memo yok» düğmesine dokunun (veya skip yazın).
flow-refund-memo-again = {$coin} için iade memo'sunu yazın ya da «Memo yok» düğmesine dokunun.
refund-memo-line = İade memo'su: <code>{$memo}</code>
flow-not-understood = Lütfen bir yanıt yazın ya da son mesajın altındaki bir düğmeye dokunun.
flow-step-over = Bu adım bitti.
flow-cancelled = ✖ Takas iptal edildi. /exchange ile yenisini başlatın.
flow-nothing-to-cancel = İptal edilecek bir şey yok. /exchange ile bir takas başlatın.
flow-expired = ⌛ Önceki takasınız yanıt için çok uzun bekledi ve süresi doldu. Yenisini başlatalım.
flow-too-many-tries = Bu adımın kullanamadığı art arda {$count} yanıt oldu. Baştan başlayalım: /exchange
flow-creating = ⏳ Takasınız oluşturuluyor…
flow-create-failed = Hiçbir şey oluşturulmadı. Yeniden denemek için «Onayla»ya ya da «İptal»e dokunun.
flow-create-rejected = Hiçbir şey oluşturulmadı. /exchange ile yeniden başlayın.
flow-failover-refused = ⚠️ {$exchange} bu takası reddetti: {$reason}
flow-failover-unavailable = 🔌 {$exchange} bu takası şu anda yapamıyor.
flow-failover-next = ↪️ Sıradaki en iyi teklif, <b>{$exchange}</b> borsasından, az önce alındı. Bu rakamları onaylayana kadar orada hiçbir şey oluşturulmaz.
flow-failover-none = Şu anda başka hiçbir borsa bu takası sunmuyor. Hiçbir şey oluşturulmadı. /exchange ile yeniden başlayın.
flow-create-pending = ⏳ Borsa net bir yanıt vermedi. Takasınız oluşturulmuş olabilir: kontrol ediyorum; öğrenir öğrenmez yatırma adresini buraya göndereceğim ya da hiçbir şey oluşturulmadığını söyleyeceğim. Bu arada hiçbir şey göndermeyin ve aynı para için yeni bir takas başlatmayın.
flow-still-checking = ⏳ Borsanın bu takası oluşturup oluşturmadığını hâlâ kontrol ediyorum. Öğrenir öğrenmez yatırma adresini buraya göndereceğim ya da hiçbir şey oluşturulmadığını söyleyeceğim (o zaman yeniden onaylayabilirsiniz). O zamana kadar hiçbir şey göndermeyin.
flow-create-suspect =
    🛑 <b>{$id} numaralı takas güvenli biçimde hazırlanamadı.</b>
    Borsanın yanıtı onayladığınız şeyle uyuşmuyor, bu yüzden yatırma adresini göstermiyorum. Bu takas için <b>hiçbir şey göndermeyin</b>. Botun operatörüne haber verildi; /exchange ile yeni bir takas başlatın.

button-skip = Atla ⏭
button-confirm = ✅ Onayla
button-cancel = ✖ İptal
button-rate-float = Değişken kur
button-rate-fixed = Sabit kur
button-switch-network = {$network} ağında al
button-offer = {$exchange} · {$toAmount} {$to}
button-selected = ✓ {$label}

## The deposit message (also the status card, edited as the swap moves on)

deposit =
    ✅ <b>Takas oluşturuldu</b>
    Bu yatırma adresine tam olarak <code>{$amount}</code> <b>{$from}</b> gönderin:
    <code>{$address}</code>

    Alacağınız: {$toAmount} {$to} ({$rateType})
    Alıcı adres: <code>{$withdrawal}</code>
    İşlem kimliği: <code>{$id}</code>
    Durum: {$status}

    Aşağıdaki düğmeler adresi, miktarı ve işlem kimliğini kopyalar. Yatırdığınız para ulaşınca her adımı burada bildireceğim: onaylanıyor, takas ediliyor, tamamlandı. İstediğiniz zaman /status ile bakabilirsiniz.
card-in-progress =
    ⚙️ <b>Takas sürüyor</b>
    <code>{$amount}</code> <b>{$from}</b> tutarındaki yatırmanız ulaştı: tekrar göndermeyin.

    Alacağınız: {$toAmount} {$to} ({$rateType})
    Alıcı adres: <code>{$withdrawal}</code>
    İşlem kimliği: <code>{$id}</code>
    Durum: {$status}

    İlerleyince size haber vereceğim. İstediğiniz zaman /status ile bakabilirsiniz.
card-held =
    🛂 <b>Takas doğrulama için bekletiliyor</b>
    Gönderdiğiniz: <code>{$amount}</code> <b>{$from}</b>

    Alacağınız: {$toAmount} {$to} ({$rateType})
    Alıcı adres: <code>{$withdrawal}</code>
    İşlem kimliği: <code>{$id}</code>
    Durum: {$status}

    İlerleyince size haber vereceğim. İstediğiniz zaman /status ile bakabilirsiniz.
deposit-sandbox = 🧪 <b>test ortamı: gerçek para göndermeyin</b>. Bu takas bir simülasyon.
card-sandbox = 🧪 <b>test ortamı</b>: bu takas bir simülasyondu.
card-success =
    ✅ <b>Takas tamamlandı</b>
    {$amountIn} {$from} → <b>{$amountOut} {$to}</b>
    Alıcı adres: <code>{$withdrawal}</code>
    { $payout ->
        [pending] Ödeme işlemi: borsa henüz göstermedi; gösterir göstermez göndereceğim.
       *[sent] Ödeme işlemi: <code>{$hashOut}</code>
    }
    İşlem kimliği: <code>{$id}</code>
    Durum: {$status}
card-overdue =
    ⌛ <b>Takasın süresi doldu</b>
    Yatırma süresi kapanmadan {$amountIn} {$from} tutarında bir yatırma ulaşmadı.
    İşlem kimliği: <code>{$id}</code>
    Durum: {$status}
card-refunded =
    ↩️ <b>Takas iade edildi</b>
    Borsa {$amountIn} {$from} tutarınızı <code>{$refundTo}</code> adresine geri gönderdi.
    İşlem kimliği: <code>{$id}</code>
    Durum: {$status}
swap-closed = 🔒 Bu takas kapandı; yatırma adresi artık para kabul etmiyor.
swap-expired-help =
    🔒 <code>{$deposit}</code> adresine artık hiçbir şey göndermeyin: bu yatırma adresi kapandı.
    Oraya zaten para gönderdiyseniz borsanın destek ekibine başvurun ve işlem kimliği <code>{$id}</code> ile yatırmanızın hash'ini iletin. {$refund ->
        [none] İade için bir adres gerekir: kendinize ait bir {$from} adresini hazır tutun.
       *[other] Parayı <code>{$refund}</code> iade adresinize geri gönderebilirler.
    }
deposit-qr-caption = {$amount} {$from} için yatırma adresi
swap-exchange-line = 🏦 Borsa: <b>{$exchange}</b>
swap-exchange-tracked = 🏦 Borsa: <b>{$exchange}</b> · <a href="{$link}">bu takası {$exchange} sitesinde izleyin</a>

## Swap states

status-wait = yatırmanız bekleniyor
status-confirmation = onaylanıyor
status-exchanging = takas ediliyor
status-success = tamamlandı
status-overdue = süresi doldu
status-refunded = iade edildi
status-refunding = iade sürüyor
status-verifying = doğrulama için bekletiliyor

## Inline mode

inline-coin-title = {$code} — {$name}
inline-coin-description = Paylaşmak için dokunun · benimle takas edin
inline-coin-message =
    <b>{$code}</b> — {$name}
    {$notes}
inline-swap-button = 🔁 {$code} takas et
inline-quote-title = {$amount} {$from} → {$toAmount} {$to}
inline-quote-description = Kur 1 {$from} {$rate} {$to} · en az {$min} · en çok {$max} {$from}
inline-quote-out-of-range-title = {$amount} {$from} sınırların dışında
inline-quote-out-of-range-description = En az {$min} {$from} · en çok {$max} {$from}
inline-hint-button = Takas için botu açın
rate-too-fast = ⏳ Çok hızlı fiyat istiyorsunuz. Lütfen birkaç saniye bekleyip tekrar deneyin.
fallback-hint = Bunu anlayamadım. /exchange ile takas başlatın, /rate ile fiyat alın ya da /help'e bakın.
flow-updated = Siz bir takasın ortasındayken bot güncellendi, bu yüzden o takas saklanmadı: lütfen /exchange ile yeniden başlayın.

## /status and /history

status-none = Henüz takasınız yok. /exchange ile bir tane başlatın.
status-not-found = “{$id}” takası bulunamadı. /history takaslarınızı listeler.
status-card =
    📄 <b>Takas</b> <code>{$id}</code>
    Durum: <b>{$status}</b>
    {$finished ->
        [yes] Miktar: {$amountIn} {$from}
       *[other] Gönderdiğiniz: <code>{$amountIn}</code> {$from}
    }
    {$finished ->
        [yes] Alınan: {$received}
       *[other] Alacağınız: {$received}
    }
    {$rate}
    Yatırma adresi: <code>{$deposit}</code>
    Alıcı adres: <code>{$withdrawal}</code>
    İade adresi: {$refund}
    Yatırma işlemi: {$hashIn}
    Ödeme işlemi: {$hashOut}
    Oluşturulma: {$created}
status-received-expected = {$amount} {$to} (tahmini)
status-received-final = {$amount} {$to}
status-rate = Kur: 1 {$from} {$rate} {$to} ({$rateType})
status-rate-unknown = Kur: — ({$rateType})
status-rate-quoted = Teklif edilen kur: 1 {$from} {$rate} {$to} ({$rateType})
status-none-value = —
status-stale = ⚠️ Borsaya şu anda ulaşılamıyor: bu, {$checked} itibarıyla bilinen son durum.
status-refresh = 🔄 Yenile
history-title = <b>Takaslarınız</b> ({$total}) · sayfa {$page} / {$pages}
history-line =
    {$n}. {$amountIn} {$from} → {$to} · {$status}
    Id <code>{$id}</code> · {$created}
history-empty = Henüz takasınız yok. /exchange ile bir tane başlatın.
history-open = 🔎 {$n}

## Status pushes (one new message per change)

push-confirmation =
    🔎 <b>Takas {$id}: onaylanıyor</b>
    {$amountIn} {$from} tutarındaki yatırmanız ulaştı ve ağda onaylanıyor. Yapmanız gereken bir şey yok: ilerleyince haber vereceğim.
push-exchanging =
    ⚙️ <b>Takas {$id}: takas ediliyor</b>
    {$amountIn} {$from} tutarınız onaylandı ve {$to} karşılığında takas ediliyor.
push-success =
    ✅ <b>Takas {$id}: tamamlandı</b>
    <code>{$withdrawal}</code> adresine <b>{$amountOut} {$to}</b> aldınız.
    { $payout ->
        [pending] Ödeme işlemi: borsa henüz göstermedi; gösterir göstermez göndereceğim.
       *[sent] Ödeme işlemi: <code>{$hashOut}</code>
    }
push-payout =
    🧾 <b>Takas {$id}: ödeme gönderildi</b>
    Borsa <b>{$amountOut} {$to}</b> tutarını <code>{$withdrawal}</code> adresine gönderdi.
    Ödeme işlemi: <code>{$hashOut}</code>
push-overdue =
    ⌛ <b>Takas {$id}: süresi doldu</b>
    Yatırma süresi kapanmadan hiçbir yatırma ulaşmadı, bu yüzden bu takas kapandı. /exchange ile yeni bir takas başlatın.
push-refunded =
    ↩️ <b>Takas {$id}: iade edildi</b>
    Borsa {$amountIn} {$from} tutarınızı <code>{$refundTo}</code> adresine geri gönderdi.
push-refunded-no-address = gönderdiğiniz adres
push-refunding =
    ↩️ <b>Takas {$id}: iade sürüyor</b>
    Borsa {$amountIn} {$from} tutarınızı <code>{$refundTo}</code> adresine geri gönderiyor. Tamamlanınca haber vereceğim.
push-verifying =
    🛂 <b>Takas {$id}: doğrulama için bekletiliyor</b>
    Borsa bu takası devam etmeden önce doğrulamak için bekletiyor. Hiçbir şey kaybolmadı ve yeniden bir şey göndermeniz gerekmiyor: borsaya yanıt verin, takas ilerleyince size haber vereceğim.
swap-held = 🛂 Borsa bu takası devam etmeden önce doğrulamak için bekletiyor. Borsa takasın devam etmesine izin verene kadar başka bir şey göndermeyin.
swap-held-asks = İstediği: {$asks}
swap-held-link = Nereden yanıtlanır: {$link}
swap-held-no-link = Borsanın destek ekibine yazın ve takas kimliğini <code>{$id}</code> belirtin.
push-wait =
    ⏳ <b>Takas {$id}: yatırmanız bekleniyor</b>
    <code>{$deposit}</code> adresine tam olarak <code>{$amountIn}</code> {$from} gönderin.
push-other =
    ℹ️ <b>Takas {$id}: {$status}</b>
    Borsa takasınız için yeni bir durum bildiriyor. Takip etmeye devam ediyorum ve ilerleyince haber vereceğim.
reconcile-found = ✅ Buldum: borsa takasınızı gerçekten oluşturmuş.
reconcile-not-created = ℹ️ Borsada onayladığınız takasın kaydı yok: hiçbir şey oluşturulmadı ve bunun için bir yatırma adresi yok. /exchange ile yeniden başlayabilirsiniz.
swap-suspect =
    🛑 <b>{$id} numaralı takas güvenli biçimde hazırlanamadı.</b>
    Borsa onayınız için bir takas oluşturdu ama ayrıntıları onayladığınız şeyle uyuşmuyor, bu yüzden yatırma adresini göstermiyorum. Bu takas için <b>hiçbir şey göndermeyin</b>. Botun operatörüne haber verildi; /exchange ile yeni bir takas başlatın.
push-suspect =
    ℹ️ <b>Takas {$id}: {$status}</b>
    Bu takas güvenli biçimde hazırlanamadı: ona hiçbir şey göndermeyin. Gönderdiyseniz, {$id} işlem kimliğiyle borsanın destek ekibine başvurun.
push-stuck =
    🕰 <b>{$id} numaralı takas her zamankinden uzun sürüyor</b> (hâlâ: {$status}).
    Hiçbir şey kaybolmadı: takip etmeye devam ediyorum. Böyle kalırsa {$id} işlem kimliğiyle borsanın destek ekibine başvurun.
push-stuck-confirmation =
    🕰 <b>{$id} numaralı takas her zamankinden uzun sürüyor</b>
    Yatırmanız ulaştı ama hâlâ ağ onaylarını bekliyor. Hiçbir şey kaybolmadı: düşük ağ ücretiyle gönderilen bir yatırmanın onaylanması saatler sürebilir; onaylanınca takas kendiliğinden devam eder. Çok daha uzun süre böyle kalırsa borsanın destek ekibine başvurun ve {$id} işlem kimliğini iletin.
push-stuck-exchanging =
    🕰 <b>{$id} numaralı takas her zamankinden uzun sürüyor</b>
    Yatırmanız onaylandı ve borsa ödemeyi hâlâ hazırlıyor. Hiçbir şey kaybolmadı ve tekrar göndermeniz gereken bir şey yok. Çok daha uzun süre böyle kalırsa borsanın destek ekibine başvurun ve {$id} işlem kimliğini iletin.

## /language

language-name = 🇹🇷 Türkçe
language-choose = Bu sohbette konuşacağım dili seçin:
language-set = Tamam: burada Türkçe konuşacağım. /help
cmd-language = botun dilini seç

## Operator: admin alerts and /stats

alert-unauthorized = 🚨 {$exchange} botun API anahtarını reddediyor (401). Anahtarla yapılan bir istek yeniden başarılı olana kadar teklifleri gösterilmiyor (kullanıcılar diğer borsaların tekliflerini alıyor): API anahtarını düzeltin ({$setting}).
alert-down = 🚨 {$exchange} {$minutes} dk'dır hata veriyor ({$since} tarihinden beri). Orada fiyat alınamıyor ve takas oluşturulamıyor; oradaki takasların durum bildirimleri gecikiyor.
alert-recovered = ✅ {$exchange} yeniden yanıt veriyor.
alert-suspect = 🛑 {$id} takası (sohbet {$chat}) kullanıcısının onayladığıyla uyuşmuyor ({$fields}); yatırma adresi gösterilmedi. İki sürüm de kayıtta (log).
stats-not-allowed = /stats yalnızca botun operatörleri içindir.
stats =
    📊 <b>Duruma göre takaslar</b>
    Bugün: {$today}
    Son 7 gün: {$week}
    Tüm zamanlar: {$all}

    <b>Çifte göre hacim</b> (tüm zamanlar)
    {$pairs}

    <b>Aktif kullanıcılar</b>: bugün {$usersToday}, 7 günde {$usersWeek}
    <b>Borsa hataları</b> (son saat): {$requests} istekten {$errorRate}
stats-pair = {$pair}: {$swaps} takas, {$amount}
stats-exchanges = <b>Borsalar</b> (kazanılan teklifler, reddedilen ve başarısız oluşturmalar: bot başladığından beri; takaslar, tamamlananlar ve hacim: tüm zamanlar; hatalar: son bir saat)
stats-exchange = {$exchange}: {$won} teklif kazanıldı; {$created} takas, {$refused} reddedildi, {$failed} başarısız, {$completed} tamamlandı; hacim {$volume}; hatalar {$requests} istekten {$errorRate}

## /forget and groups

cmd-forget = biten takaslarınızı bottan sil
forget-ask =
    Bu, botun bu sohbet hakkında sakladıklarını siler: {$finished} biten takas ve ayarlarınız.
    Hâlâ süren {$open} takas, nasıl bittiğini size söyleyebilmem için bitene kadar saklanır.
    Şimdi silinsin mi?
forget-yes = 🗑 Sil
forget-no = Sakla
forget-kept = Hiçbir şey silinmedi.
forget-done = 🗑 {$deleted} biten takas ve bu sohbetin ayarları silindi. Süren {$kept} takas bitene kadar saklanıyor; sonra /forget'i yeniden çalıştırın.
group-go-private = 🔒 Adresler grupta paylaşılmamalı. Özel sohbette devam edelim.
group-go-private-button = Özel sohbette devam et

## Deposit memos, confirmed networks, fixed payouts, a Confirm after a crash (issue 17)

deposit-memo-line = Memo (hedef etiketi / destination tag): <code>{$memo}</code>
deposit-memo-warning = ⚠️ Bu adres ortak kullanılıyor: memoyu cüzdanınızın memo ya da etiket (tag) alanına yazın (“📋 Memo” düğmesi onu kopyalar). Memosuz bir yatırma kaybolur.
webapp-memo-warning = ⚠️ Bu adres ortak kullanılıyor: memoyu cüzdanınızın memo ya da etiket (tag) alanına yazın. Memosuz bir yatırma kaybolur.
flow-already-created = Bu takas zaten oluşturulmuştu. Yatırma bilgileri şunlar:
flow-already-created-gone = Bu onay zaten bir takas oluşturmuştu, o takas daha sonra silindi. /exchange ile yenisini başlatın.
flow-create-fixed-worse =
    🛑 <b>{$id} numaralı takas sabit kur teklifinizle uyuşmuyor.</b>
    Borsa artık onayladığınız {$quoted} {$to} yerine ≈ {$offered} {$to} veriyor, bu yüzden yatırma adresini göstermiyorum. Bu takas için <b>hiçbir şey göndermeyin</b>: kullanılmadan süresi dolacak. Yeni bir fiyat için /exchange ile yeniden başlayın.
flow-create-float-worse =
    🛑 <b>{$id} numaralı takas teklifinizle uyuşmuyor.</b>
    Borsa artık onayladığınız ≈ {$quoted} {$to} yerine ≈ {$offered} {$to} tahmin ediyor; bu, değişken bir kurun bu sürede oynayabileceğinden çok daha fazla, bu yüzden yatırma adresini göstermiyorum. Bu takas için <b>hiçbir şey göndermeyin</b>: kullanılmadan süresi dolacak. Yeni bir fiyat için /exchange ile yeniden başlayın.

## Tracker: swaps the exchange no longer knows, and other exchanges' swaps

push-given-up =
    ❓ <b>Takas {$id}: borsa artık bu takası tanımıyor</b>
    Borsa bütün bir gün boyunca bu id ile bir takası olmadığını söyledi, bu yüzden takibi bıraktım ve bu takas hakkında başka bildirim göndermeyeceğim. Bunun için yatırma yaptıysanız borsanın destek ekibine başvurun ve <code>{$id}</code> işlem kimliğini iletin.
history-sandbox = 🧪 Yerleşik test borsasında deneme takası: gerçek para yok, artık takip edilmiyor.
history-elsewhere = ↪️ Botun şu an kullandığından farklı bir borsada oluşturuldu: artık takip edilmiyor.
history-given-up = ❓ Borsa bir gündür tanımıyor: artık takip edilmiyor.
status-elsewhere = ↪️ Bu takas, botun şu an kullandığından farklı bir borsada oluşturuldu, bu yüzden durumunu soramıyorum: bu, bilinen son durum.
status-given-up = ❓ Borsa bu takası artık tanımıyor, bu yüzden takibi bıraktım. Bunun için yatırma yaptıysanız işlem kimliğiyle borsanın destek ekibine başvurun.

## The Mini App (the page's texts; webapp-* without variables are all sent to the page)

webapp-open-button = 📱 Takas uygulamasını aç
webapp-menu-button = Takas
webapp-title = Takas
webapp-tab-new = Yeni takas
webapp-tab-list = Takaslarım
webapp-you-send = Gönderdiğiniz
webapp-you-receive = Alacağınız
webapp-amount = Miktar
webapp-amount-units = Ya da alınacak miktarı coin koduyla (örn. 5 ETH) veya ABD doları değerini (örn. $100) yazın.
webapp-amount-receive = Almak istiyorum
webapp-payout = Alıcı adres
webapp-refund = İade adresi
webapp-payout-memo = Ödeme memo'su
webapp-payout-memo-hint = Alıcı hesabınızın istediği memo ya da hedef etiketi (destination tag); gerekmiyorsa boş bırakın.
webapp-refund-hint = İsteğe bağlı: takas başarısız olursa borsanın coinlerinizi geri göndereceği adres.
webapp-refund-memo = İade memo'su
webapp-search = Kod ya da adla arayın, Enter seçer
webapp-network = Ağ
webapp-network-default = borsanın varsayılanı
webapp-rate-float = Değişken kur
webapp-rate-fixed = Sabit kur
webapp-next = İleri
webapp-back = Geri
webapp-confirm = Onayla
webapp-summary = Lütfen takasınızı kontrol edin
webapp-you-get = Yaklaşık alacağınız
webapp-min = En az
webapp-max = En çok
webapp-rate = Kur
webapp-loading = Yükleniyor…
webapp-send-exactly = Tam olarak gönderin
webapp-deposit-address = Yatırma adresi
webapp-memo = Memo (hedef etiketi / destination tag)
webapp-copy = Kopyala
webapp-copied = Kopyalandı
webapp-status = Durum
webapp-transaction-id = İşlem kimliği
webapp-swap-exchange = Borsa
webapp-swap-exchange-track = Borsanın sitesinde izleyin
webapp-payout-to = Alıcı adres
webapp-hash-in = Yatırma işlemi
webapp-hash-out = Ödeme işlemi
webapp-closed = Bu takas bitti: yatırma adresine hiçbir şey göndermeyin.
webapp-received = Yatırma ulaştı; başka bir şey göndermenize gerek yok.
webapp-held = Borsa bu takası devam etmeden önce doğrulamak için bekletiyor. Yeniden bir şey göndermeyin.
webapp-held-asks = İstediği
webapp-held-link = Borsaya yanıt verin
webapp-sandbox = Test borsası: gerçek para göndermeyin.
webapp-no-swaps = Henüz takasınız yok.
webapp-open-from-telegram = Bu sayfa yalnızca Telegram'da bottan açıldığında çalışır. Botu açıp uygulama düğmesine dokunun.
webapp-not-found = Takas bulunamadı.
webapp-error = Bir sorun oldu. Lütfen tekrar deneyin.
webapp-updated = Uygulama güncellendi: kapatıp yeniden açın.
webapp-slow-down = Çok fazla istek. Birkaç saniye bekleyip tekrar deneyin.
webapp-pending = Borsa net bir yanıt vermedi. Takasınız kontrol ediliyor ve bir buçuk dakika içinde Takaslarım'da görünecek; yeniden onaylamayın.
webapp-already = Bu takas zaten oluşturulmuştu.
webapp-suspect = Borsanın yanıtı siparişinizle uyuşmuyor, bu yüzden yatırma adresi gösterilmiyor. Operatöre haber verildi.
webapp-pick-coin = Bir coin seçin.
webapp-same-coin = İki farklı coin seçin.
webapp-amount-invalid = Bir miktar yazın, örn. 0.5.
webapp-amount-ambiguous = {$input}, {$thousands} veya {$decimal} olarak okunabilir. Kastettiğinizi yazın: {$thousands} veya {$decimal}.
webapp-amount-below = En az tutar olan {$min} {$coin} altında.
webapp-amount-above = En çok tutar olan {$max} {$coin} üstünde.
webapp-quote-moved = Kur değişti; yeni rakamlar bunlar. Kontrol edip yeniden onaylayın.
webapp-offers = Borsa
webapp-offer-best = en iyi teklif
webapp-offer-outside-limits = limitleri bu tutarı kabul etmiyor
webapp-kyc-legend = KYC derecesi: A asla kimlik istemez, D kimliğinizi doğrulayana kadar fonları tutabilir.
webapp-exchange-refused = {$exchange} bu takası reddetti: {$reason}
webapp-next-offer = Orada hiçbir şey oluşturulmadı. {$next} teklifi burada: kontrol edip onaylayın.
webapp-no-next-offer = Hiçbir şey oluşturulmadı ve şu anda başka hiçbir borsa bu takası sunmuyor.

## Explorer links (receipts: the deposit and payout transactions in pushes, the card and /status)

tx-deposit = Yatırma işlemi: <code>{$hash}</code>
tx-deposit-linked = Yatırma işlemi: <code>{$hash}</code> · <a href="{$url}">{$site}</a>
tx-explorer-deposit = 🔍 <a href="{$url}">{$site} üzerinde yatırma işlemi</a>
tx-explorer-payout = 🔍 <a href="{$url}">{$site} üzerinde ödeme işlemi</a>

## Fair shares: /status from what the bot knows, a chat's share of swap creations

status-known = ℹ️ Botun borsadan en son {$age} önce ({$checked}) öğrendiği hâliyle gösteriliyor: çok sık soruyorsunuz, bu yüzden yeniden sormadı. Durum değişiklikleri olduğu anda size gönderilmeye devam ediyor.
status-known-busy = ℹ️ Botun borsadan en son {$age} önce ({$checked}) öğrendiği hâliyle gösteriliyor: şu anda çok kişi soruyor, bu yüzden yeniden soramadı. Durum değişiklikleri olduğu anda size gönderilmeye devam ediyor.
age-seconds = {$n} sn
age-minutes = {$n} dk
age-hours = {$n} sa
flow-create-chat-share = ⏳ Bu sohbet son bir dakikada {$count ->
        [one] {$count} takas
       *[other] {$count} takas
    } oluşturdu; bir sohbetin en fazla oluşturabileceği bu kadar. {$seconds} sn sonra yeniden onaylayabilirsiniz.

## Kopyalama düğmeleri (Telegram'ın copy_text'i: düğme değerin kendisini kopyalar)

copy-address = 📋 Adres
copy-amount = 📋 Miktar
copy-memo = 📋 Memo
copy-id = 📋 İşlem kimliği
copy-payout-memo = 📋 Ödeme memo'su
history-copy-id = 📋 Kimlik {$n}

## Dürüst rakamlar: sabit fiyat kesindir ve ne kadar geçerli olduğunu söyler; ödenen kur

quote-rate-line = Kur: 1 {$from} {$rate} {$to} ({$rateType})
quote-fixed-holds = 🔒 Sabit kur: alacağınız tutar tam olarak budur. Fiyat verildikten sonra {$duration} geçerlidir; daha sonra onaylarsanız önce kuru yeniden sorar, değişen bir şey varsa gösteririm.
rate-one = 💱 1 {$from} {$rate} {$to} ({$rateType})
status-received-fixed = {$amount} {$to} (sabit)
status-rate-paid = Ödenen kur: 1 {$from} = {$paid} {$to}

## Support desk

cmd-support = bir takas hakkında operatörün destek ekibine yazın
support-trust = 🛡 Destek size asla ilk yazmaz ve asla anahtarlarınızı, kurtarma ifadenizi (seed) ya da bir “doğrulama” ödemesi istemez.
support-trust-desk = Yanıtları yalnızca bu sohbete, bu bot aracılığıyla, “Destek” işaretiyle gelir.
support-ask =
    🆘 <b>Destek</b>
    Ne ters gitti? Tek bir mesajla yazın (açıklamalı bir ekran görüntüsü de işe yarar), ben de operatörün destek ekibine ileteyim.
support-about-swap = Konu <code>{$id}</code> takasınız ({$status}, {$amount} {$from} → {$to}). Başka bir takas mı? Aşağıdan seçin.
support-about-none = Belirli bir takasla ilgili değil.
support-pick-none = Belirli bir takas değil
support-ask-text = Lütfen sorunu kelimelerle anlatın (açıklamalı bir fotoğraf ya da dosya da olur).
support-opened = ✅ Destek mesajınızı aldı: talep #{$ticket}. Yanıtlar buraya “Destek” işaretiyle gelir. Talep kapanana kadar buraya yazdığınız her şey aynı talebe eklenir.
support-added = ✉️ #{$ticket} numaralı talebe eklendi.
support-open-already = 🆘 #{$ticket} numaralı talebiniz açık: buraya yazın, destek alır.
support-close-button = ✖️ #{$ticket} numaralı talebi kapat
support-closed-by-user = #{$ticket} numaralı talep kapatıldı. /support yeni bir talep açar.
support-closed-by-support = ✅ Destek #{$ticket} numaralı talebi kapattı. Hâlâ bir sorun varsa /support yeni bir talep açar.
support-answer = 💬 <b>Destek</b> · talep #{$ticket} (bu bot aracılığıyla):
support-flood = ⏳ Desteğin okuyabileceğinden hızlı yazıyorsunuz. Lütfen bir dakika bekleyin: bu sırada gönderdikleriniz iletilmez.
support-open-limit = ⏳ Son bir saatte destek ekibinin bir kişiden kabul ettiği kadar talep açtınız. Yaklaşık { $minutes } dk sonra yeni bir talep açabilirsiniz. Destek her talebi okur: gönderdiklerinizden hiçbiri kaybolmaz.
support-contact = 🆘 Operatörün destek ekibine ulaşmak için {$contact} adresine yazın.
support-none = Bu botun bir destek hattı yok, üzgünüz.
support-cancelled = Destek isteğiniz iptal edildi.
support-button = 🆘 Destekle iletişime geç
support-ticket-header = 🎫 <b>Talep #{$ticket}</b>
support-ticket-from = Gönderen: {$name} · id <code>{$id}</code> · dil {$language}
support-ticket-swap =
    Takas <code>{$id}</code> · {$status} ({$raw}) · oluşturuldu {$created}
    {$amountIn} {$from} → {$amountOut} {$to} ({$rateType})
    Yatırma adresi: <code>{$deposit}</code>
    Ödeme adresi: <code>{$withdrawal}</code>
    İade adresi: <code>{$refund}</code>
support-ticket-deposit-memo = Yatırma memosu: <code>{$memo}</code>
support-ticket-exchange = Borsa: <b>{$exchange}</b> · oradaki sipariş kimliği <code>{$id}</code>
support-ticket-exchange-tracked = Borsa: <b>{$exchange}</b> · oradaki sipariş kimliği <code>{$id}</code> · <a href="{$link}">siparişin sitedeki sayfası</a>
support-ticket-held = 🛂 Borsa tarafından doğrulama için bekletiliyor · istediği: {$asks} · bağlantı: {$link}
support-ticket-hash-deposit = Yatırma hash'i: <code>{$hash}</code>
support-ticket-hash-deposit-linked = Yatırma hash'i: <code>{$hash}</code> · <a href="{$url}">{$site}</a>
support-ticket-hash-payout = Ödeme hash'i: <code>{$hash}</code>
support-ticket-hash-payout-linked = Ödeme hash'i: <code>{$hash}</code> · <a href="{$url}">{$site}</a>
support-ticket-history = Geçmiş: {$history}
support-ticket-no-swap = Belirli bir takas değil.
support-ticket-words = <b>Kullanıcı yazıyor:</b>
support-ticket-no-words = (metin yok)
support-ticket-how = Kullanıcıya cevap vermek için bu talebin bir mesajını yanıtlayın; yanıt olarak /close (ya da düğme) talebi kapatır.
support-ticket-how-forum = Kullanıcıya cevap vermek için bu konuya yazın; burada /close (ya da düğme) talebi kapatır.
support-ticket-follow-up = 🎫 #{$ticket} · {$name}:
support-ticket-closed-by-user = 🎫 #{$ticket}: kullanıcı talebi kapattı.
support-ticket-closed = 🎫 #{$ticket} kapatıldı; kullanıcıya bildirildi.
support-ticket-not-open = 🎫 #{$ticket} kapalı: kullanıcı bunu almaz.
support-close-needs-ticket = Bir talebin mesajını /close ile yanıtlayın (ya da talebin konusuna /close yazın).
support-topic-name = #{$ticket} · {$name}
stats-support = <b>Destek</b>: {$open} açık talep, en eskisi {$age} önce açıldı
deposit-support-trust = 🛡 Destek size asla ilk yazmaz ve asla anahtar, kurtarma ifadesi ya da “doğrulama” ödemesi istemez.
webapp-support = 🆘 Bu takas hakkında destekle iletişime geç
support-ticket-words-below = (uzun: sonraki mesajlarda)
support-ticket-step = {$status} {$at}
