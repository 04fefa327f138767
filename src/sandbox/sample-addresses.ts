/**
 * Real addresses (valid formats and checksums, from the public test suite of the
 * multicoin-address-validator library) for the networks whose checksum the sandbox does not
 * compute itself. A real exchange hands out checksum-valid deposit addresses, and the bot checks
 * them before showing one: random strings of the right alphabet would not pass.
 */
export const SAMPLE_ADDRESSES: Readonly<Record<string, readonly string[]>> = {
  ADA: [
    "Ae2tdPwUPEYzs5BRbGcoS3DXvK8mwgggmESz4HqUwMyaS9eNksZGz1LMS9v",
    "DdzFFzCqrhsfdzUZxvuBkhV8Lpm9p43p9ubh79GCTkxJikAjKh51qhtCFMqUniC5tv5ZExyvSmAte2Du2tGimavSo6qSgXbjiy8qZRTg",
    "Ae2tdPwUPEZKmwoy3AU3cXb5Chnasj6mvVNxV1H11997q3VW5ihbSfQwGpm",
  ],
  ALGO: [
    "GONISIUAYDOMHM7VURRAAAP5H6OAWRRBCPXEIOZO3QI7TZKR5GTAQ7WK7Y",
    "LCRDY3LYAANTVS3XRHEHWHGXRTKZYVTX55P5IA2AT5ZDJ4CWZFFZIKVHLI",
    "SP745JJR4KPRQEXJZHVIEN736LYTL2T2DFMG3OIIFJBV66K73PHNMDCZVM",
  ],
  APT: [
    "0xd05448f15a03f25b2816c4538b72bd54752ba7522d4831a4c9ea5a613becb47a",
    "0x39f521d22f611a4dec2f790fef2e4f8d1f96550509e85beccf8acec52c1a7219",
  ],
  BAND: [
    "0xE37c0D48d68da5c5b14E5c1a9f1CFE802776D9FF",
    "0xa00354276d2fC74ee91e37D085d35748613f4748",
    "0xAff4d6793F584a473348EbA058deb8caad77a288",
  ],
  BSV: [
    "bitcoincash:qq4v32mtagxac29my6gwj6fd4tmqg8rysu23dax807",
    "qzwryn9fxnpqkf7zt878tp2g9cg8kpl65qh2ml0w0r",
    "qp65yngy5uds4wxtrkynptal4f76qzmrh52pa3mpaf",
  ],
  BTG: ["GSNFPRsdaM3MXrU5HW1AxgFwmUQC8HXK9F"],
  CRONOS: [
    "cro1yjjlx5qsrj5rxn5xtd5rkm6dcqzlchxkrvsmg6",
    "cro1mwdzawjd27uku0cqf8zngxfcycd292u353xe7v",
  ],
  DASH: [
    "Xx4dYKgz3Zcv6kheaqog3fynaKWjbahb6b",
    "XcY4WJ6Z2Q8w7vcYER1JypC8s2oa3SQ1b1",
    "XqMkVUZnqe3w4xvgdZRtZoe7gMitDudGs4",
  ],
  DCR: ["Dsesax2GJnMN4wwmWo5rJGq73dDK217Rh85"],
  DGB: ["DG2rM2orU2JH5i4ACh3AKNpRTNESdv5xf8", "DBR2Lj1F17eHGHXgbpae2Wb4m39bDyA1qo"],
  DOGE: ["DPS6iZj7roHquvwRYXNBua9QtKPzigUUhM"],
  DOT: [
    "1iQPKJmghHbrRhUiMt2cNEuxYbR6S9vYtJKqYvE4PNR9WDB",
    "1FRMM8PEiWXYax7rpS6X4XZX1aAAxSWx1CrKTyrVYhV24fg",
    "5CK8D1sKNwF473wbuBP6NuhQfPaWUetNsWUNAAzVwTfxqjfr",
  ],
  HBAR: ["0.0.12345", "0.0.987654321", "0.1.54321"],
  INJ: [
    "0xE37c0D48d68da5c5b14E5c1a9f1CFE802776D9FF",
    "0xa00354276d2fC74ee91e37D085d35748613f4748",
    "0xAff4d6793F584a473348EbA058deb8caad77a288",
  ],
  KMD: ["RAvj2KKVUohTu3hVdNJ4U6hQi7TNawpacH"],
  NEO: ["AR4QmqYENiZAD6oXe7ftm6eDcwtHk7rVTT", "AKDVzYGLczmykdtRaejgvWeZrvdkVEvQ1X"],
  NMC: ["NCPPc7Pzb75CpRPJQPRRh6ouJTq7BCy1H4"],
  PIVX: [
    "DJXFW9oJJBUX7QKrG6GKvmTs63MYKzwtpZ",
    "DEaYb8EHQgyKvX6VXDS3DZQautJrHBmK3T",
    "DDeCGR3QSgqsBxVR23bJvteiyYE34ZmxAc",
  ],
  PPC: ["PUULeHrJL2WujJkorc2RsUAR3SardKUauu"],
  QTUM: [
    "QNjUiD3bVVZwYTc5AhpeQbS1mfb2guyWhe",
    "QVZnSrMwKp6AL4FjUPPnfFgsma6j1DXQXu",
    "MCgyroQse81wuv5RwPpY5DXDNxeafzLFJ8",
  ],
  SC: [
    "a9b01c85163638682b170d82de02b8bb99ba86092e9ab1b0d25111284fe618e93456915820f1",
    "ab0c327982abfcc6055a6c9551589167d8a73501aca8769f106371fbc937ad100c955c3b7ba9",
  ],
  TRC20: ["TNDzfERDpxLDS2w1q6yaFC7pzqaSQ3Bg3r"],
  TRX: ["TNDzfERDpxLDS2w1q6yaFC7pzqaSQ3Bg3r"],
  VTC: [
    "3PgeyhEJEnS5CeBu3iFcu3JHVKemeHx1AW",
    "353nERPQKhGj4WGzoiWcareA76TPgRCVNA",
    "376g4TmL8uQKFYsRFrbv5iz9srmb5bocEt",
  ],
  WAVES: ["3P93mVrYnQ4ahaRMYwA2BeWY32eDxTpLVEs", "3P4eeU7v1LMHQFwwT2GW9W99c6vZyytHajj"],
  XEM: ["NBZMQO7ZPBYNBDUR7F75MAKA2S3DHDCIFG775N3D"],
  XLM: ["GDTYVCTAUQVPKEDZIBWEJGKBQHB4UGGXI2SXXUEW7LXMD4B7MK37CWLJ"],
  // Random base58 of the right length fails Monero's checksum (or its decoder throws).
  XMR: [
    "44AFFq5kSiGBoZ4NMDwYtN18obc8AemS33DBLWs3H7otXft3XjrpDtQGv7SqSsaBYBb98uNbr2VBBEt7f2wfn3RVGQBEP3A",
    "888tNkZrPN6JsEgekjMnABU4TBzc2Dt29EPAvkRxbANsAnjyPbb3iQ1YBRk1UXcdRsiKc9dhwMVgN5S9cQUiyoogDavup3H",
    "4AdUndXHHZ6cfufTMvppY6JwXNouMBzSkbLYfpAV5Usx3skxNgYeYTRj5UzqtReoS44qo9mtmXCqY45DJ852K5Jv2684Rge",
  ],
  XRP: [
    "rG1QQv2nh2gr7RCZ1P8YYcBUKCCN633jCn",
    "r3kmLJN5D28dHuH8vZNUZpMC43pEHpaocV",
    "rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh",
  ],
  XTZ: [
    "tz1Lhf4J9Qxoe3DZ2nfe8FGDnvVj7oKjnMY6",
    "tz1PyxsQ7xVTa5J7gtBeT7pST5Zi5nk5GSjg",
    "tz1LcuQHNVQEWP2fZjk1QYZGNrfLDwrT3SyZ",
  ],
  ZEC: ["t3Vz22vK5z2LcKEdg16Yv4FFneEL1zg9ojd"],
  ZEN: ["zssEdGnZCQ9G86LZFtbynMn1hYTVhn6eYCL"],
};
