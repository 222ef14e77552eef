//! The parcels the demo merchants send during the week, batch by batch, each with the label the
//! script calls it by (`A1`… for Boutique Atlas, `Z1`… for Dar Zellige). Recipients in Casablanca
//! and Rabat, the cities the demo delivery person serves; a few written in Arabic.

/// One parcel as its merchant types it. Amounts in centimes.
pub(super) struct Order {
    pub label: &'static str,
    pub name: &'static str,
    pub phone: &'static str,
    pub city: &'static str,
    pub address: &'static str,
    pub cod: i64,
    pub product: &'static str,
    pub quantity: i64,
    pub note: Option<&'static str>,
    pub fragile: bool,
    /// An exchange or a refund: (kind, the original parcel's label, the item to collect).
    pub kind: Option<(&'static str, &'static str, &'static str)>,
    /// A line taken from the merchant's stock: (SKU, quantity).
    pub stock: Option<(&'static str, i64)>,
}

const fn order(
    label: &'static str,
    name: &'static str,
    phone: &'static str,
    city: &'static str,
    address: &'static str,
    cod: i64,
    product: &'static str,
) -> Order {
    Order {
        label,
        name,
        phone,
        city,
        address,
        cod,
        product,
        quantity: 1,
        note: None,
        fragile: false,
        kind: None,
        stock: None,
    }
}

impl Order {
    const fn stocked(mut self, sku: &'static str, quantity: i64) -> Order {
        self.stock = Some((sku, quantity));
        self.quantity = quantity;
        self
    }

    const fn fragile(mut self) -> Order {
        self.fragile = true;
        self
    }

    const fn noted(mut self, note: &'static str) -> Order {
        self.note = Some(note);
        self
    }

    const fn exchange(mut self, original: &'static str, item: &'static str) -> Order {
        self.kind = Some(("exchange", original, item));
        self
    }

    const fn refund(mut self, original: &'static str, item: &'static str) -> Order {
        self.kind = Some(("refund", original, item));
        self
    }
}

const CASA: &str = "Casablanca";
const RABAT: &str = "Rabat";

/// Boutique Atlas, six days ago.
#[rustfmt::skip]
pub(super) const ATLAS_A: [Order; 6] = [
    order("A1", "Khadija Alaoui", "0612457890", CASA, "23 rue Ibn Batouta, Gauthier", 34_900, "Sac en cuir").stocked("SAC-CUIR", 1),
    order("A2", "Mehdi Bennis", "0661987452", RABAT, "8 avenue Fal Ould Oumeir, Agdal", 19_900, "Ceinture en cuir"),
    order("A3", "فاطمة الزهراء العلوي", "0677123456", CASA, "حي المعاريف، زنقة الرشيد 14، الدار البيضاء", 28_000, "Babouches brodées"),
    order("A4", "Youssef Lahlou", "0654789123", RABAT, "Résidence Al Manar, appartement 12, Hay Riad", 25_900, "Robe d'été taille M").stocked("ROBE-ETE-M", 1),
    order("A5", "Imane Cherkaoui", "0700456789", CASA, "45 boulevard Zerktouni, 3e étage", 15_000, "Foulard en soie"),
    order("A6", "Rachid Berrada", "0622334455", CASA, "Lotissement Californie, villa 7, Aïn Chock", 42_000, "Lampe en laiton").fragile(),
];

/// Dar Zellige, six days ago.
#[rustfmt::skip]
pub(super) const ZELLIGE_1: [Order; 4] = [
    order("Z1", "Sanaa Tazi", "0661457812", RABAT, "12 rue Oued Ziz, Agdal", 38_000, "Carreaux de zellige (lot de 10)").fragile(),
    order("Z2", "Hicham Filali", "0670125896", CASA, "Boulevard Ghandi, résidence Yasmine, appartement 4", 52_000, "Table basse en zellige").fragile(),
    order("Z3", "عبد الله الإدريسي", "0612789654", RABAT, "حي الرياض، شارع النخيل 5، الرباط", 24_000, "Miroir en zellige").fragile(),
    order("Z4", "Laila Benjelloun", "0663214785", RABAT, "Avenue Annakhil, Hay Riad, immeuble 3", 31_000, "Vasque en zellige").fragile(),
];

/// Boutique Atlas, four days ago.
#[rustfmt::skip]
pub(super) const ATLAS_B: [Order; 7] = [
    order("B1", "Soukaina El Fassi", "0611224466", CASA, "Rue Soumaya, quartier Palmier, n° 18", 18_900, "Pochette brodée"),
    order("B2", "Anas Kettani", "0698451236", RABAT, "17 rue de Tunis, quartier Hassan", 23_000, "Portefeuille en cuir"),
    order("B3", "Nora Saidi", "0677889900", CASA, "Derb Ghallef, rue 8, n° 21", 9_500, "Bracelet argenté"),
    order("B4", "Omar Squalli", "0655667788", CASA, "Sidi Maârouf, Business Park, bureau 4", 31_000, "Robe de soirée"),
    order("B5", "Hajar Amrani", "0623456789", RABAT, "Avenue Mohammed VI, Souissi, villa 22", 27_500, "Sac à main"),
    order("B6", "Karim Ouali", "0644556677", CASA, "Aïn Diab, résidence Ocean View, appartement 5", 16_000, "Chèche en lin"),
    order("B7", "مريم بناني", "0688776655", RABAT, "زنقة فاس 9، حي المحيط، الرباط", 21_000, "Coussin brodé"),
];

/// Boutique Atlas, three days ago: an exchange of A1 and a refund of A2 among them.
#[rustfmt::skip]
pub(super) const ATLAS_C: [Order; 5] = [
    order("C1", "Khadija Alaoui", "0612457890", CASA, "23 rue Ibn Batouta, Gauthier", 0, "Sac en cuir (échange)")
        .stocked("SAC-CUIR", 1)
        .exchange("A1", "Sac en cuir à la couture défaite"),
    order("C2", "Mehdi Bennis", "0661987452", RABAT, "8 avenue Fal Ould Oumeir, Agdal", 19_900, "Remboursement de la ceinture")
        .refund("A2", "Ceinture en cuir trop petite"),
    order("C3", "Samir Haddad", "0612003344", CASA, "Hay Hassani, rue 12, n° 45", 13_500, "Tote bag en toile"),
    order("C4", "حسناء الشرقاوي", "0661003355", CASA, "شارع الزرقطوني 120، الدار البيضاء", 51_800, "Robes d'été taille M")
        .stocked("ROBE-ETE-M", 2)
        .noted("Appeler avant de passer"),
    order("C5", "Adil Naciri", "0699887766", RABAT, "Rue Patrice Lumumba, quartier Hassan, n° 6", 24_000, "Sandales en cuir"),
];

/// Dar Zellige, three days ago.
#[rustfmt::skip]
pub(super) const ZELLIGE_2: [Order; 3] = [
    order("Z5", "Meryem Chraibi", "0670334455", CASA, "Quartier Racine, rue Ali Abderrazak, n° 9", 45_000, "Fontaine murale en zellige").fragile(),
    order("Z6", "Driss Bouzid", "0612998877", RABAT, "Yacoub El Mansour, rue 30, n° 11", 27_500, "Plateau en zellige").fragile(),
    order("Z7", "Salma Kabbaj", "0661776655", CASA, "Anfa, rue des Asphodèles, villa 3", 69_000, "Table d'appoint en zellige").fragile(),
];

/// Boutique Atlas, yesterday.
#[rustfmt::skip]
pub(super) const ATLAS_D: [Order; 9] = [
    order("D1", "Yassine Tahiri", "0623001122", CASA, "Maârif, rue Al Massira, n° 30", 22_000, "Sac à dos"),
    order("D2", "Ghita Lamrani", "0677002233", RABAT, "Agdal, avenue Ibn Sina, n° 51", 18_500, "Écharpe en laine"),
    order("D3", "Hamza Ziani", "0655003344", CASA, "Sidi Bernoussi, bloc 12, n° 7", 14_000, "Casquette brodée"),
    order("D4", "Zineb Alami", "0644004455", CASA, "CIL, rue Ahmed Touki, appartement 9", 29_900, "Sac en cuir").stocked("SAC-CUIR", 1),
    order("D5", "Reda Benkirane", "0611005566", RABAT, "Hay Nahda, rue 7, n° 15", 17_500, "Gants en cuir"),
    order("D6", "سعيد المنصوري", "0688006677", CASA, "حي السلام، زنقة 4، رقم 18، الدار البيضاء", 26_000, "Jellaba en lin"),
    order("D7", "Amal Sefrioui", "0699007788", RABAT, "Souissi, avenue Imam Malik, villa 9", 33_000, "Robe d'été taille M").stocked("ROBE-ETE-M", 1),
    order("D8", "Tarik Jabri", "0670008899", CASA, "Bourgogne, rue Ibnou Zaidoun, n° 4", 11_500, "Porte-clés en cuir"),
    order("D9", "Nadia Kadiri", "0612009900", RABAT, "Hay Riad, avenue Attine, n° 2", 20_500, "Pochette en raphia"),
];

/// Boutique Atlas, this morning.
#[rustfmt::skip]
pub(super) const ATLAS_E: [Order; 5] = [
    order("E1", "Ilyas Mernissi", "0623101112", CASA, "Oasis, rue des Roses, n° 14", 26_000, "Sac en cuir"),
    order("E2", "ليلى الفاسي", "0677121314", RABAT, "شارع محمد الخامس 33، الرباط", 14_500, "Foulard brodé"),
    order("E3", "Younes Idrissi", "0655141516", CASA, "Belvédère, rue de Lorraine, n° 8", 19_900, "Ceinture en cuir"),
    order("E4", "Sara Belkadi", "0644161718", RABAT, "Océan, rue de Marrakech, n° 19", 31_000, "Robe de soirée"),
    order("E5", "Mounir Guessous", "0611181920", CASA, "Polo, rue 18, n° 3", 8_500, "Porte-monnaie"),
];

/// Dar Zellige, this morning.
#[rustfmt::skip]
pub(super) const ZELLIGE_3: [Order; 2] = [
    order("Z8", "Kenza Drissi", "0661202122", CASA, "Val Fleuri, rue Ibnou Khatima, n° 25", 56_000, "Carreaux de zellige bleu (lot de 20)").fragile(),
    order("Z9", "Anouar Lazrak", "0670222324", RABAT, "Agdal, rue Oum Errabia, n° 10", 41_000, "Miroir rond en zellige").fragile(),
];

/// Zellige's orders of today, once on the confirmation service: the company's agents call the
/// recipients before pickup.
pub(super) const ZELLIGE_4: [Order; 3] = [
    order(
        "Z10",
        "Rachid Bennani",
        "0662303132",
        CASA,
        "Bourgogne, rue Ali Abderrazak, n° 8",
        38_000,
        "Table basse en zellige",
    )
    .fragile(),
    order(
        "Z11",
        "Loubna Fassi",
        "0663404142",
        RABAT,
        "Hassan, avenue Allal Ben Abdellah, n° 31",
        27_500,
        "Dessous de plat en zellige (lot de 4)",
    ),
    order(
        "Z12",
        "ياسين العلوي",
        "0664505152",
        CASA,
        "حي الألفة، زنقة 22، رقم 9",
        45_000,
        "Fontaine murale en zellige",
    )
    .fragile(),
];
