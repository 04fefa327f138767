/**
 * code|name|usd|networks|extra. `extra` is `memo` or `tag` for coins whose deposits to an exchange
 * need a memo or destination tag. Prices are rough snapshots: only their ratios matter.
 */
export const COIN_TABLE = `
btc|Bitcoin|95000|BTC
eth|Ethereum|3400|ETH,ARBITRUM,OPTIMISM,BASE,ZKSYNC
usdt|Tether|1|ERC20,TRC20,BEP20,SOL
xmr|Monero|165|XMR
usdc|USD Coin|1|ERC20,SOL,BEP20,TRC20,POLYGON,BASE
bnb|BNB|600|BEP20,BEP2|memo
xrp|XRP|2.3|XRP|tag
sol|Solana|180|SOL
ltc|Litecoin|90|LTC
trx|TRON|0.2|TRX
doge|Dogecoin|0.35|DOGE
ton|Toncoin|5.5|TON|memo
xlm|Stellar|0.4|XLM|memo
atom|Cosmos|7|ATOM|memo
eos|EOS|0.8|EOS|memo
ada|Cardano|0.9|ADA
dot|Polkadot|7|DOT
avax|Avalanche|35|AVAXC
matic|Polygon|0.5|POLYGON,ERC20
pol|Polygon Ecosystem Token|0.5|POLYGON,ERC20
link|Chainlink|20|ERC20,BEP20
bch|Bitcoin Cash|450|BCH
bsv|Bitcoin SV|60|BSV
btg|Bitcoin Gold|25|BTG
xec|eCash|0.00004|XEC
etc|Ethereum Classic|27|ETC
ethw|EthereumPoW|3|ETHW
dash|Dash|35|DASH
zec|Zcash|50|ZEC
xtz|Tezos|1.2|XTZ
algo|Algorand|0.3|ALGO|memo
hbar|Hedera|0.25|HBAR|memo
near|NEAR Protocol|5|NEAR
apt|Aptos|9|APT
sui|Sui|3.5|SUI
sei|Sei|0.4|SEI|memo
inj|Injective|22|INJ|memo
tia|Celestia|5|TIA|memo
rune|THORChain|4|RUNE|memo
kas|Kaspa|0.12|KAS
icp|Internet Computer|10|ICP
fil|Filecoin|5|FIL
vet|VeChain|0.04|VET
vtho|VeThor Token|0.003|VET
egld|MultiversX|35|EGLD
xdc|XDC Network|0.08|XDC
neo|Neo|12|NEO
gas|Gas|4|NEO
qtum|Qtum|3|QTUM
zil|Zilliqa|0.02|ZIL
iota|IOTA|0.25|IOTA
xem|NEM|0.02|XEM|memo
xym|Symbol|0.02|XYM|memo
dgb|DigiByte|0.01|DGB
rvn|Ravencoin|0.02|RVN
zen|Horizen|10|ZEN
dcr|Decred|15|DCR
firo|Firo|1.5|FIRO
arrr|Pirate Chain|0.2|ARRR
beam|Beam|0.03|BEAM
dero|Dero|1.2|DERO
zano|Zano|1.5|ZANO
xno|Nano|1|XNO
hive|Hive|0.25|HIVE|memo
steem|Steem|0.2|STEEM|memo
stx|Stacks|1.6|STX|memo
flow|Flow|0.7|FLOW
mina|Mina|0.6|MINA
celo|Celo|0.7|CELO
one|Harmony|0.02|ONE
rose|Oasis Network|0.08|ROSE
kda|Kadena|0.8|KDA
ckb|Nervos Network|0.012|CKB
ar|Arweave|18|AR
theta|Theta Network|1.6|THETA
tfuel|Theta Fuel|0.06|THETA
waves|Waves|1.5|WAVES
lsk|Lisk|1|LSK
ark|Ark|0.5|ARK
sc|Siacoin|0.005|SC
xvg|Verge|0.005|XVG
kava|Kava|0.45|KAVA|memo
osmo|Osmosis|0.5|OSMO|memo
luna|Terra|0.4|LUNA|memo
lunc|Terra Classic|0.0001|LUNC|memo
ustc|TerraClassicUSD|0.02|LUNC|memo
ftm|Fantom|0.7|FTM
s|Sonic|0.5|SONIC
bera|Berachain|5|BERA
ip|Story|4|IP
cro|Cronos|0.15|CRONOS,ERC20
kcs|KuCoin Token|11|KCC
okb|OKB|50|ERC20
gt|GateToken|8|GT
ht|Huobi Token|0.6|ERC20
bgb|Bitget Token|4|ERC20
mx|MX Token|3|ERC20
leo|UNUS SED LEO|9|ERC20
nexo|Nexo|1.2|ERC20
ftt|FTX Token|2|ERC20
woo|WOO|0.2|ERC20
not|Notcoin|0.007|TON|memo
dogs|DOGS|0.0005|TON|memo
hmstr|Hamster Kombat|0.003|TON|memo
strk|Starknet|0.5|STRK
zk|ZKsync|0.15|ZKSYNC
arb|Arbitrum|0.8|ARBITRUM
op|Optimism|1.9|OPTIMISM
mnt|Mantle|0.9|MANTLE
imx|Immutable|1.5|ERC20
metis|Metis|40|METIS
glmr|Moonbeam|0.25|GLMR
movr|Moonriver|10|MOVR
astr|Astar|0.06|ASTR
ksm|Kusama|30|KSM
cfx|Conflux|0.15|CFX
iost|IOST|0.008|IOST|memo
ont|Ontology|0.25|ONT
ong|Ontology Gas|0.3|ONT
icx|ICON|0.2|ICX
wan|Wanchain|0.2|WAN
nuls|NULS|0.3|NULS
nmc|Namecoin|1.2|NMC
ppc|Peercoin|0.4|PPC
vtc|Vertcoin|0.1|VTC
grs|Groestlcoin|0.4|GRS
pivx|PIVX|0.25|PIVX
sys|Syscoin|0.1|SYS
kmd|Komodo|0.3|KMD
mona|MonaCoin|0.5|MONA
erg|Ergo|1.2|ERG
xch|Chia|20|XCH
hnt|Helium|5|SOL
iotx|IoTeX|0.04|IOTX
ankr|Ankr|0.03|ERC20
ctsi|Cartesi|0.15|ERC20
sxp|Solar|0.3|ERC20
coti|COTI|0.1|ERC20
celr|Celer Network|0.015|ERC20
skl|SKALE|0.05|ERC20
bnt|Bancor|0.6|ERC20
knc|Kyber Network Crystal|0.5|ERC20
lrc|Loopring|0.2|ERC20
rsr|Reserve Rights|0.01|ERC20
uma|UMA|2.5|ERC20
api3|API3|1.5|ERC20
audio|Audius|0.15|ERC20
mask|Mask Network|2.5|ERC20
ssv|ssv.network|20|ERC20
rpl|Rocket Pool|10|ERC20
lpt|Livepeer|12|ERC20
glm|Golem|0.4|ERC20
ilv|Illuvium|30|ERC20
alice|My Neighbor Alice|1|ERC20
ygg|Yield Guild Games|0.5|ERC20
magic|Magic|0.4|ARBITRUM
pendle|Pendle|4|ERC20
cvx|Convex Finance|4|ERC20
fxs|Frax Share|2.5|ERC20
frax|Frax|1|ERC20
lusd|Liquity USD|1|ERC20
lqty|Liquity|1.2|ERC20
bal|Balancer|2.5|ERC20
agix|SingularityNET|0.6|ERC20
ocean|Ocean Protocol|0.6|ERC20
fet|Artificial Superintelligence Alliance|1.3|ERC20
tao|Bittensor|450|TAO
akt|Akash Network|3|AKT|memo
scrt|Secret|0.4|SCRT|memo
juno|Juno|0.2|JUNO|memo
evmos|Evmos|0.02|EVMOS|memo
band|Band Protocol|1.3|BAND|memo
dym|Dymension|1.5|DYM|memo
ntrn|Neutron|0.4|NTRN|memo
axl|Axelar|0.7|AXL|memo
jto|Jito|3|SOL
ray|Raydium|4|SOL
orca|Orca|3|SOL
bome|BOOK OF MEME|0.007|SOL
popcat|Popcat|0.8|SOL
mew|cat in a dogs world|0.006|SOL
w|Wormhole|0.25|SOL,ERC20
jup|Jupiter|0.9|SOL
pyth|Pyth Network|0.35|SOL
bonk|Bonk|0.00003|SOL
wif|dogwifhat|2.5|SOL
trump|Official Trump|15|SOL
pengu|Pudgy Penguins|0.02|SOL
io|io.net|2|SOL
grass|Grass|2|SOL
drift|Drift|0.8|SOL
me|Magic Eden|3|SOL
ai16z|ai16z|0.6|SOL
fartcoin|Fartcoin|1|SOL
goat|Goatseus Maximus|0.4|SOL
pnut|Peanut the Squirrel|0.5|SOL
act|Act I: The AI Prophecy|0.3|SOL
gmt|GMT|0.15|SOL
fida|Bonfida|0.3|SOL
render|Render|7|ERC20,SOL
floki|FLOKI|0.0002|ERC20,BEP20
pepe|Pepe|0.00001|ERC20
shib|Shiba Inu|0.00002|ERC20
babydoge|Baby Doge Coin|0.000000002|BEP20
mog|Mog Coin|0.000001|ERC20
brett|Brett|0.1|BASE
degen|Degen|0.01|BASE
virtual|Virtuals Protocol|2|BASE
turbo|Turbo|0.008|ERC20
neiro|Neiro|0.0015|ERC20
people|ConstitutionDAO|0.05|ERC20
ordi|ORDI|40|BTC
sats|SATS (Ordinals)|0.0000003|BTC
core|Core|1.2|CORE
kaia|Kaia|0.2|KAIA
flr|Flare|0.025|FLR
sgb|Songbird|0.008|SGB
zrx|0x Protocol|0.4|ERC20
bat|Basic Attention Token|0.22|ERC20
enj|Enjin Coin|0.25|ERC20
chz|Chiliz|0.08|ERC20
mana|Decentraland|0.45|ERC20
sand|The Sandbox|0.5|ERC20
axs|Axie Infinity|6|ERC20
ape|ApeCoin|1.2|ERC20
gala|Gala|0.03|ERC20
blur|Blur|0.25|ERC20
ens|Ethereum Name Service|25|ERC20
dydx|dYdX|1.5|ERC20
gmx|GMX|25|ARBITRUM
ldo|Lido DAO|1.8|ERC20
mkr|Maker|1500|ERC20
crv|Curve DAO|0.8|ERC20
comp|Compound|55|ERC20
snx|Synthetix|2|ERC20
yfi|yearn.finance|7000|ERC20
1inch|1inch|0.35|ERC20
sushi|SushiSwap|0.9|ERC20
uni|Uniswap|11|ERC20
aave|Aave|300|ERC20
grt|The Graph|0.2|ERC20
qnt|Quant|100|ERC20
hot|Holo|0.002|ERC20
storj|Storj|0.5|ERC20
nmr|Numeraire|15|ERC20
omg|OMG Network|0.3|ERC20
rlc|iExec RLC|1.8|ERC20
cake|PancakeSwap|2.2|BEP20
twt|Trust Wallet Token|1|BEP20
sfp|SafePal|0.7|BEP20
xvs|Venus|8|BEP20
c98|Coin98|0.15|ERC20,BEP20
id|SPACE ID|0.4|BEP20
hook|Hooked Protocol|0.4|BEP20
edu|Open Campus|0.6|BEP20
mbox|MOBOX|0.2|BEP20
arkm|Arkham|1.5|ERC20
cyber|Cyber|3|ERC20
pixel|Pixels|0.2|ERC20
portal|Portal|0.3|ERC20
xai|Xai|0.3|ARBITRUM
manta|Manta Network|1|MANTA
alt|AltLayer|0.1|ERC20
zeta|ZetaChain|0.6|ZETA
ethfi|ether.fi|2|ERC20
eigen|EigenLayer|3|ERC20
ena|Ethena|0.7|ERC20
usde|Ethena USDe|1|ERC20
ondo|Ondo|1.2|ERC20
wld|Worldcoin|2|OPTIMISM
zro|LayerZero|5|ERC20
blast|Blast|0.008|BLAST
safe|Safe|0.8|ERC20
move|Movement|0.5|ERC20
dai|Dai|1|ERC20
tusd|TrueUSD|1|ERC20,TRC20
busd|Binance USD|1|BEP20,ERC20
fdusd|First Digital USD|1|BEP20,ERC20
pyusd|PayPal USD|1|ERC20,SOL
usdd|USDD|1|TRC20
usdp|Pax Dollar|1|ERC20
eurc|EURC|1.08|ERC20,SOL
eurt|Euro Tether|1.08|ERC20
paxg|PAX Gold|2600|ERC20
xaut|Tether Gold|2600|ERC20
wbtc|Wrapped Bitcoin|95000|ERC20
btcb|Bitcoin BEP2|95000|BEP20
weth|Wrapped Ether|3400|ERC20,ARBITRUM
steth|Lido Staked Ether|3400|ERC20
reth|Rocket Pool ETH|3800|ERC20
cbeth|Coinbase Wrapped Staked ETH|3600|ERC20,BASE
win|WINkLink|0.0001|TRC20
jst|JUST|0.03|TRC20
sun|Sun Token|0.02|TRC20
nft|APENFT|0.0000005|TRC20
bttc|BitTorrent|0.000001|TRC20
vic|Viction|0.3|VIC
rif|Rootstock Infrastructure Framework|0.08|RSK
rbtc|Rootstock Smart Bitcoin|95000|RSK
mtl|Metal|1.2|ERC20
powr|Powerledger|0.25|ERC20
req|Request|0.12|ERC20
lto|LTO Network|0.1|LTO
dag|Constellation|0.04|DAG
cvc|Civic|0.12|ERC20
gno|Gnosis|250|ERC20
stmx|StormX|0.005|ERC20
trb|Tellor|60|ERC20
vra|Verasity|0.005|ERC20
xyo|XYO|0.01|ERC20
amp|Amp|0.006|ERC20
ach|Alchemy Pay|0.025|ERC20
bico|Biconomy|0.25|ERC20
chr|Chromia|0.2|ERC20
dia|DIA|0.6|ERC20
high|Highstreet|1.5|ERC20
jasmy|JasmyCoin|0.03|ERC20
ogn|Origin Protocol|0.1|ERC20
quick|QuickSwap|0.05|POLYGON
rare|SuperRare|0.08|ERC20
rad|Radworks|1.2|ERC20
tru|TrueFi|0.1|ERC20
t|Threshold|0.03|ERC20
aioz|AIOZ Network|0.6|AIOZ
arpa|ARPA|0.05|ERC20
blz|Bluzelle|0.1|ERC20
bond|BarnBridge|2|ERC20
dodo|DODO|0.15|ERC20
elf|aelf|0.4|ERC20
flux|Flux|0.6|FLUX
gtc|Gitcoin|0.8|ERC20
hft|Hashflow|0.2|ERC20
joe|JOE|0.4|AVAXC
om|MANTRA|1.5|ERC20
orn|Orion|1.2|ERC20
prom|Prom|6|ERC20
qi|BENQI|0.015|AVAXC
rdnt|Radiant Capital|0.05|ARBITRUM
reef|Reef|0.001|REEF
spell|Spell Token|0.0007|ERC20
super|SuperVerse|0.8|ERC20
tlm|Alien Worlds|0.01|ERC20
agld|Adventure Gold|1.2|ERC20
badger|Badger DAO|3|ERC20
dar|Mines of Dalarnia|0.1|ERC20
dusk|Dusk|0.2|ERC20
forth|Ampleforth Governance Token|3|ERC20
ampl|Ampleforth|1.2|ERC20
pundix|Pundi X|0.4|ERC20
pyr|Vulcan Forged|2.5|ERC20
syn|Synapse|0.5|ERC20
utk|xMoney|0.05|ERC20
vanry|Vanar Chain|0.1|ERC20
ela|Elastos|2|ELA
waxp|WAX|0.04|WAX|memo
tlos|Telos|0.15|TLOS|memo
fio|FIO Protocol|0.03|FIO
hns|Handshake|0.02|HNS
nim|Nimiq|0.001|NIM
xpr|XPR Network|0.001|XPR|memo
ae|Aeternity|0.03|AE
oxt|Orchid|0.08|ERC20
nkn|NKN|0.08|ERC20
dent|Dent|0.001|ERC20
ocn|Odyssey|0.0001|ERC20
`;
