//! The built-in guide for delivery people: the round from the exit voucher to handing in the
//! cash, in the reader's language (issue 38: the guides were French only). Not stored: it ships
//! with the product, like the merchant API guide, and follows the screens' words
//! (docs/glossary.md).

use colivra_core::Language;

/// Its key (`GET guides/delivery-round`).
pub const KEY: &str = "delivery-round";

/// The guide's title and Markdown body in `language`.
pub fn text(language: Language) -> (&'static str, &'static str) {
    language.pick(
        (TITLE_FR, BODY_FR),
        (TITLE_EN, BODY_EN),
        (TITLE_AR, BODY_AR),
    )
}

const TITLE_FR: &str = "Ma tournée, pas à pas";
const BODY_FR: &str = "\
## 1. Avant de partir

Au dépôt, l'équipe vous remet vos colis sur un **bon de sortie** : vérifiez chaque colis et le \
total à encaisser, puis signez-le. Vos colis sont dans **Colis en distribution** (votre tournée) ; \
l'accueil montre ceux du jour et ceux reportés à aujourd'hui.

## 2. À la porte : encaisser ou rembourser

- **Colis normal** : encaissez exactement le montant affiché « À encaisser », puis touchez \
**Livré**.
- **Remboursement** : vous *payez* au destinataire le montant affiché « À rembourser » (il est compté à part sur \
votre bon de sortie), puis **Livré**.
- **Échange** : remettez le colis et reprenez l'article indiqué « Article à récupérer » ; il \
revient au dépôt avec vos retours.
- Si le client l'autorise, le destinataire peut ouvrir ou essayer avant de payer (indiqué sur le \
colis).

## 3. Preuve de livraison

Certains marchands demandent une **signature** et/ou une **photo** : l'écran « Livré » les \
demande alors avant d'enregistrer. La photo est réduite sur le téléphone avant l'envoi.

## 4. Quand la livraison ne se fait pas

- **Pas de réponse**, **Injoignable**, **Numéro erroné** : une tentative est comptée. Après \
3 tentatives, le colis passe à **Refusé** tout seul.
- **Reporté** ou **Programmé** : choisissez la date (aujourd'hui ou plus tard) ; le colis revient \
dans votre tournée ce jour-là.
- **Refusé** : indiquez la raison donnée par le destinataire (obligatoire).
- Une erreur ? **Annuler** reste proposé quelques minutes après l'enregistrement.

## 5. Sans réseau

Vous pouvez enregistrer les résultats sans réseau : ils attendent sur le téléphone, avec l'heure \
où vous les avez notés, et partent seuls au retour du réseau. Si votre session a expiré, \
reconnectez-vous **sur le même téléphone** : la page de connexion indique combien de résultats \
attendent, et ils sont envoyés juste après la connexion. N'effacez pas les données du \
navigateur tant que des résultats attendent. Si le serveur en refuse un (colis annulé entre-temps), \
il reste affiché en haut de votre tournée et le bureau en est prévenu : gardez l'argent \
correspondant pour le rendre.

## 6. Les retours

Les colis refusés ou annulés que vous avez encore sont dans **Colis à retourner**. Cochez-les et \
créez un **bon de retour livreur**, imprimez-le et remettez les colis au dépôt : l'équipe le \
réceptionne en scannant chaque colis.

## 7. Rendre l'argent

Dans **Déclarer mes espèces**, vos colis livrés sont listés avec l'argent encaissé, les \
remboursements payés et votre commission : déclarez ce que vous remettez et imprimez la \
déclaration. L'équipe compte l'argent et valide la facture ; un manque ou un surplus est inscrit \
dans vos **écarts**, visibles sur votre accueil, jusqu'à ce qu'il soit réglé.
";

const TITLE_EN: &str = "My round, step by step";
const BODY_EN: &str = "\
## 1. Before you leave

At the hub, the team hands you your parcels on an **exit voucher**: check each parcel and the \
total to collect, then sign it. Your parcels are in **Parcels out for delivery** (your round); the home \
screen shows today's and those postponed to today.

## 2. At the door: collect or pay out

- **Ordinary parcel**: collect exactly the amount shown « To collect », then tap **Delivered**.
- **Refund**: you *pay* the recipient the amount shown « To refund » (counted apart on your exit voucher), \
then **Delivered**.
- **Exchange**: hand over the parcel and take back the item shown « Item to collect »; it \
goes back to the hub with your returns.
- When the merchant allows it, the recipient may open or try before paying (shown on the \
parcel).

## 3. Proof of delivery

Some merchants ask for a **signature** and/or a **photo**: the « Delivered » screen then asks for \
them before recording. The photo is made smaller on the phone before it is sent.

## 4. When the delivery does not happen

- **No answer**, **Unreachable**, **Wrong number**: an attempt is counted. After 3 attempts the \
parcel becomes **Refused** on its own.
- **Postponed** or **Scheduled**: pick the date (today or later); the parcel comes back into \
your round that day.
- **Refused**: give the recipient's reason (required).
- A mistake? **Undo** stays offered for a few minutes after recording.

## 5. Without a network

You can record outcomes without a network: they wait on the phone, with the time you recorded \
them, and go out by themselves when the network returns. If your session has expired, sign in \
again **on the same phone**: the sign-in page says how many outcomes wait, and they are sent \
right after you sign in. Do not clear the browser's data while outcomes wait. If the server \
refuses one (the parcel was cancelled meanwhile), it stays shown at the top of your round and the \
office is told: keep the matching cash to hand it back.

## 6. Returns

The refused or cancelled parcels you still hold are in **Parcels to return**. Tick them and make \
a **return voucher**, print it and hand the parcels in at the hub: the team receives it \
by scanning each parcel.

## 7. Handing in the cash

In **Declare my cash**, your delivered parcels are listed with the cash collected, the refunds \
paid out and your commission: declare what you hand in and print the declaration. The team \
counts the cash and validates the invoice; a shortage or a surplus goes on your **balance**, \
shown on your home screen, until it is settled.
";

const TITLE_AR: &str = "جولتي خطوة بخطوة";
const BODY_AR: &str = "\
## 1. قبل الانطلاق

في المستودع، يسلّمك الفريق طرودك مع **وصل الخروج**: تحقق من كل طرد ومن المبلغ الإجمالي المطلوب \
تحصيله، ثم وقّع عليه. طرودك موجودة في **الطرود قيد التوزيع** (جولتك)، والصفحة الرئيسية تعرض طرود \
اليوم والطرود المؤجلة إلى اليوم.

## 2. عند الباب: التحصيل أو الدفع

- **طرد عادي**: حصّل المبلغ المعروض « للتحصيل » بالضبط، ثم اضغط **تم التسليم**.
- **استرداد**: أنت من *يدفع* للمستلم المبلغ المعروض « للرد » (يُحسب على حدة في وصل الخروج)، ثم \
**تم التسليم**.
- **استبدال**: سلّم الطرد واسترجع المنتج المذكور « السلعة المراد استرجاعها »؛ يعود إلى المستودع مع \
مرتجعاتك.
- إذا سمح التاجر بذلك، يمكن للمستلم فتح الطرد أو تجربته قبل الدفع (مذكور على الطرد).

## 3. إثبات التسليم

بعض التجار يطلبون **توقيعًا** و/أو **صورة**: عندها تطلبهما شاشة « تم التسليم » قبل التسجيل. \
تُصغَّر الصورة على الهاتف قبل إرسالها.

## 4. عندما لا يتم التسليم

- **لا يجيب**، **تعذر الاتصال**، **رقم خاطئ**: تُحتسب محاولة. بعد 3 محاولات يصبح الطرد \
**مرفوضًا** تلقائيًا.
- **مؤجل** أو **مبرمج**: اختر التاريخ (اليوم أو بعده)؛ يعود الطرد إلى جولتك في ذلك اليوم.
- **مرفوض**: اذكر السبب الذي قدّمه المستلم (إجباري).
- خطأ؟ يبقى زر **إلغاء** متاحًا بضع دقائق بعد التسجيل.

## 5. بدون شبكة

يمكنك تسجيل النتائج بدون شبكة: تنتظر على الهاتف مع وقت تسجيلها، وتُرسل تلقائيًا عند عودة \
الشبكة. إذا انتهت جلستك، سجّل الدخول من جديد **على نفس الهاتف**: تعرض صفحة الدخول عدد النتائج \
المنتظرة، وتُرسل مباشرة بعد الدخول. لا تمسح بيانات المتصفح ما دامت هناك نتائج تنتظر. إذا رفض \
الخادم إحداها (أُلغي الطرد في الأثناء)، تبقى معروضة أعلى جولتك ويُخبَر المكتب: احتفظ بالمبلغ \
المقابل لإرجاعه.

## 6. المرتجعات

الطرود المرفوضة أو الملغاة التي ما زالت معك موجودة في **طرود يجب إرجاعها**. حدّدها وأنشئ \
**وصل إرجاع عامل التوصيل**، اطبعه وسلّم الطرود في المستودع: يتسلّمها الفريق بمسح كل طرد.

## 7. تسليم المال

في **التصريح بالمبالغ المحصلة** تظهر طرودك المسلَّمة مع المال المحصّل والاستردادات المدفوعة وعمولتك: صرّح \
بما تسلّمه واطبع التصريح. يعدّ الفريق المال ويصادق على الفاتورة؛ يُسجَّل أي نقص أو زيادة في \
**فروقك**، الظاهرة في صفحتك الرئيسية، إلى أن تتم تسويته.
";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_guide_covers_the_round_in_each_language() {
        for language in [Language::Fr, Language::En, Language::Ar] {
            let (title, body) = text(language);
            assert!(!title.is_empty());
            // Seven chapters, from the exit voucher to the cash handed in.
            assert_eq!(body.matches("\n## ").count() + 1, 7, "{language:?}");
            assert!(body.contains("3"), "the attempts' limit");
        }
        assert!(text(Language::Ar).1.contains("وصل الخروج"));
        assert!(text(Language::En).1.contains("exit voucher"));
    }
}
