//! The built-in « API marchand » guide, written at start-up from the live OpenAPI document and
//! the route table: one section per operation a merchant's personal token may call, with a
//! curl example and an example body built from the request schema. It cannot drift from the API.

use colivra_core::{Language, Role};
use serde_json::{json, Map, Value};

use crate::access::Access;
use crate::routes::table;
use crate::state::GuideTemplate;

/// True when a merchant's personal token may call an operation with this access.
fn merchant_may_call(access: Access) -> bool {
    match access {
        Access::Active { roles, .. } => roles.contains(&Role::Merchant),
        // Public calls need no token; browser-session-only calls refuse tokens.
        Access::Public | Access::SignedIn | Access::SessionOnly(_) => false,
    }
}

fn resolve<'a>(document: &'a Value, schema: &'a Value) -> &'a Value {
    match schema["$ref"].as_str() {
        Some(reference) => {
            let name = reference.rsplit('/').next().unwrap_or_default();
            &document["components"]["schemas"][name]
        }
        None => schema,
    }
}

/// The first type of a schema that is not `null`.
fn type_of(schema: &Value) -> Option<&str> {
    match &schema["type"] {
        Value::String(kind) => Some(kind.as_str()),
        Value::Array(kinds) => kinds
            .iter()
            .filter_map(Value::as_str)
            .find(|kind| *kind != "null"),
        _ => None,
    }
}

/// An example value of `schema` for the field `name`.
fn example(document: &Value, words: &Words, name: &str, schema: &Value, depth: usize) -> Value {
    let schema = resolve(document, schema);
    if let Some(first) = schema["enum"]
        .as_array()
        .and_then(|values| values.iter().find(|v| !v.is_null()).cloned())
    {
        return first;
    }
    if let Some(any) = schema["oneOf"]
        .as_array()
        .or_else(|| schema["anyOf"].as_array())
    {
        if let Some(first) = any.iter().find(|s| type_of(s) != Some("null")) {
            return example(document, words, name, first, depth);
        }
    }
    if let Some(given) = schema
        .get("example")
        .or_else(|| schema["examples"].as_array().and_then(|all| all.first()))
    {
        return given.clone();
    }
    if let Some(value) = typical(name, type_of(schema), words) {
        return value;
    }
    match type_of(schema) {
        Some("integer") | Some("number") => {
            json!(schema["minimum"].as_i64().unwrap_or(0).max(1))
        }
        Some("boolean") => json!(false),
        Some("array") => {
            if depth > 3 {
                return json!([]);
            }
            json!([example(document, words, name, &schema["items"], depth + 1)])
        }
        Some("object") => object_example(document, words, schema, depth + 1),
        _ => {
            let text = if schema["format"] == "date" {
                "2026-12-31".to_owned()
            } else if name.contains("phone") {
                "0612345678".to_owned()
            } else if name.contains("email") {
                "contact@boutique.ma".to_owned()
            } else {
                name.to_owned()
            };
            json!(text)
        }
    }
}

/// What a merchant would really send for the fields every example has, so a copied example
/// reads like a parcel and not like a schema; keys say where they come from.
fn typical(name: &str, kind: Option<&str>, words: &Words) -> Option<Value> {
    let text = match (name, kind) {
        ("cod_amount", Some("integer")) => return Some(json!(24_900)),
        ("quantity", Some("integer")) => return Some(json!(1)),
        (_, Some("string")) | (_, None) => match name {
            "city" => "Casablanca",
            "address" => "12 rue des Orangers, Maarif",
            "recipient_name" => "Amina Benali",
            "product" => words.product,
            "reference" => "CMD-1001",
            "sku" => "ROBE-ETE-M",
            "shop" => words.shop_key,
            "inventory" => words.product_key,
            "parcel" | "original_parcel" => words.parcel_code,
            _ => return None,
        },
        _ => return None,
    };
    Some(json!(text))
}

fn object_example(document: &Value, words: &Words, schema: &Value, depth: usize) -> Value {
    let mut body = Map::new();
    if depth > 3 {
        return Value::Object(body);
    }
    if let Some(properties) = schema["properties"].as_object() {
        for (name, property) in properties {
            body.insert(
                name.clone(),
                example(document, words, name, property, depth),
            );
        }
    }
    Value::Object(body)
}

/// The guide's prose in one language (the operations' summaries are the route table's).
struct Words {
    title: &'static str,
    intro: &'static str,
    token_heading: &'static str,
    token_body: &'static str,
    call_heading: &'static str,
    call_body: &'static str,
    token_placeholder: &'static str,
    calls_heading: &'static str,
    file_placeholder: &'static str,
    idempotency_heading: &'static str,
    /// `{calls}` is the list of the calls that take a key.
    idempotency_body: &'static str,
    parcel_file: &'static str,
    webhooks_heading: &'static str,
    webhooks_body: &'static str,
    event_column: &'static str,
    /// `{fields}` is the list of the outcome's fields.
    recorded: &'static str,
    signature_heading: &'static str,
    signature_body: &'static str,
    product: &'static str,
    shop_key: &'static str,
    product_key: &'static str,
    parcel_code: &'static str,
}

const FRENCH: Words = Words {
    title: "API marchand",
    intro: "Votre boutique en ligne ou votre logiciel peut créer et suivre vos colis sans passer \
        par l'écran : chaque appel ci-dessous est décrit depuis la définition de l'API que ce \
        serveur sert en ce moment même ([`/api/openapi.json`](/api/openapi.json), consultable \
        aussi sur [`/api/docs`](/api/docs)).",
    token_heading: "1. Créer un jeton personnel",
    token_body: "Ouvrez l'écran **Profil** (menu de votre compte), rubrique **Jetons d'accès**, \
        et créez un jeton : donnez-lui un nom, ses droits (`read` pour les lectures, `write` pour \
        les modifications) et, si vous le souhaitez, une date d'expiration (90 jours par défaut, \
        un an au plus). L'écran appelle `POST /api/tokens` ; le jeton n'est affiché qu'une fois : \
        copiez-le et gardez-le secret. Vous pouvez le révoquer à tout moment depuis le même \
        écran.",
    call_heading: "2. Appeler l'API avec le jeton",
    call_body: "Chaque requête porte l'en-tête `Authorization: Bearer <jeton>`. Les corps sont en \
        JSON, les montants en centimes (249,00 DH s'écrit `24900`), les dates au format \
        `AAAA-MM-JJ`. Une erreur de saisie répond 422 avec le message de chaque champ dans \
        `errors`, un objet qui n'est pas à vous 404, un droit manquant 403. Les messages suivent \
        l'en-tête `Accept-Language` (`fr`, `en` ou `ar`).",
    token_placeholder: "votre-jeton",
    calls_heading: "3. Les appels",
    file_placeholder: "fichier",
    idempotency_heading: "4. Renvoyer une requête sans risque",
    idempotency_body: "Sur {calls}, ajoutez l'en-tête `Idempotency-Key` (1 à 255 caractères \
        visibles, par exemple le numéro de commande de votre boutique). Si la réponse se perd \
        (coupure réseau, délai dépassé), renvoyez la même requête avec la même clé : vous recevez \
        la première réponse (en-tête `Idempotent-Replayed: true`) et rien n'est créé deux fois, \
        pendant 7 jours. Le contenu est comparé comme du JSON : l'ordre des champs et les espaces \
        ne comptent pas. La même clé avec un autre contenu répond 422 ; pendant que la première \
        est encore traitée, 409 (réessayez un instant plus tard). Une requête refusée avant \
        d'avoir rien changé (400, 401, 403, 404, 413, 415, 422 sur son contenu, 429, ou une \
        erreur 5xx) ne retient pas sa clé : corrigez le contenu et renvoyez-le sous la même clé.",
    parcel_file: "colis.json",
    webhooks_heading: "5. Webhooks : Colivra prévient votre boutique",
    webhooks_body: "Plutôt que d'interroger l'API, déclarez une adresse https de votre boutique \
        (écran **Profil**, rubrique **Webhooks**, ou `POST /api/webhooks`) et choisissez les \
        événements. Chaque événement arrive en `POST` JSON `{id, type, created_at, data}` avec les \
        en-têtes `Colivra-Event-Id` (le même à chaque nouvel envoi : ignorez un identifiant déjà \
        traité), `Colivra-Event` et `Colivra-Signature: t=<secondes>,v1=<signature>`. Répondez \
        2xx en moins de 10 secondes ; sinon l'envoi est refait (30 s, puis deux fois plus long à \
        chaque fois, une heure au plus) pendant 24 heures, puis l'adresse est suspendue jusqu'à ce \
        que vous la réactiviez. Les événements d'un même colis arrivent dans l'ordre.",
    event_column: "Événement",
    recorded: "`parcel.outcome_recorded` dit ce que le livreur a noté à la porte, quel qu'il soit \
        (livré, refusé, pas de réponse, reporté…), dans `data.recorded` : {fields}. `recorded_at` \
        est l'heure où il l'a noté (sur son téléphone, peut-être hors réseau), `received_at` celle \
        où le serveur l'a reçu.",
    signature_heading: "Vérifier la signature",
    signature_body: "La signature est le HMAC-SHA256, en hexadécimal, de `<t>.<corps reçu tel \
        quel>` avec le secret affiché une seule fois à la création. Refusez un `t` vieux de plus \
        de 5 minutes.",
    product: "Robe d'été taille M",
    shop_key: "CLE_DE_LA_BOUTIQUE (GET /api/shops)",
    product_key: "CLE_DU_PRODUIT (GET /api/inventories)",
    parcel_code: "CODE_DU_COLIS (GET /api/parcels)",
};

const ENGLISH: Words = Words {
    title: "Merchant API",
    intro: "Your online shop or your software can create and follow your parcels without the \
        screens: every call below is described from the API definition this server serves right \
        now ([`/api/openapi.json`](/api/openapi.json), also browsable at \
        [`/api/docs`](/api/docs)).",
    token_heading: "1. Create a personal token",
    token_body: "Open the **Profile** screen (your account's menu), section **API tokens**, and \
        create a token: give it a name, its rights (`read` for reading, `write` for changes) and, \
        if you wish, an expiry date (90 days by default, one year at most). The screen calls \
        `POST /api/tokens`; the token is shown only once: copy it and keep it secret. You can \
        revoke it at any time from the same screen.",
    call_heading: "2. Call the API with the token",
    call_body: "Every request carries the header `Authorization: Bearer <token>`. Bodies are \
        JSON, amounts in centimes (249.00 MAD is written `24900`), dates as `YYYY-MM-DD`. An input \
        error answers 422 with each field's message in `errors`, an object that is not yours 404, \
        a missing right 403. Messages follow the `Accept-Language` header (`fr`, `en` or `ar`).",
    token_placeholder: "your-token",
    calls_heading: "3. The calls",
    file_placeholder: "file",
    idempotency_heading: "4. Sending a request again safely",
    idempotency_body: "On {calls}, add the header `Idempotency-Key` (1 to 255 visible characters, \
        for example your shop's order number). If the answer is lost (network cut, timeout), send \
        the same request again with the same key: you get the first answer (header \
        `Idempotent-Replayed: true`) and nothing is created twice, for 7 days. The body is \
        compared as JSON: the order of the fields and the spacing do not matter. The same key \
        with another body answers 422; while the first is still being processed, 409 (try again \
        a moment later). A request refused before it changed anything (400, 401, 403, 404, 413, \
        415, 422 on its body, 429, or a 5xx error) keeps no key: correct the body and send it \
        again under the same key.",
    parcel_file: "parcel.json",
    webhooks_heading: "5. Webhooks: Colivra tells your shop",
    webhooks_body: "Rather than polling the API, declare an https address of your shop \
        (**Profile** screen, section **Webhooks**, or `POST /api/webhooks`) and choose the \
        events. Each event arrives as a JSON `POST` `{id, type, created_at, data}` with the \
        headers `Colivra-Event-Id` (the same on every resend: ignore an id you already handled), \
        `Colivra-Event` and `Colivra-Signature: t=<seconds>,v1=<signature>`. Answer 2xx within \
        10 seconds; otherwise the event is sent again (after 30 s, then twice as long each time, \
        one hour at most) for 24 hours, then the address is paused until you turn it on again. \
        The events of one parcel arrive in order.",
    event_column: "Event",
    recorded: "`parcel.outcome_recorded` says what the delivery person recorded at the door, \
        whatever it was (delivered, refused, no answer, postponed…), in `data.recorded`: \
        {fields}. `recorded_at` is when he recorded it (on his phone, perhaps offline), \
        `received_at` when the server received it.",
    signature_heading: "Checking the signature",
    signature_body: "The signature is the HMAC-SHA256, in hexadecimal, of `<t>.<body as \
        received>` with the secret shown once at creation. Refuse a `t` older than 5 minutes.",
    product: "Summer dress size M",
    shop_key: "SHOP_KEY (GET /api/shops)",
    product_key: "PRODUCT_KEY (GET /api/inventories)",
    parcel_code: "PARCEL_CODE (GET /api/parcels)",
};

const ARABIC: Words = Words {
    title: "واجهة برمجة التجار",
    intro: "يمكن لمتجرك الإلكتروني أو لبرنامجك إنشاء طرودك وتتبعها دون المرور بالشاشات: كل طلب \
        أدناه موصوف انطلاقا من تعريف الواجهة الذي يقدمه هذا الخادم في هذه اللحظة \
        ([`/api/openapi.json`](/api/openapi.json)، ويمكن تصفحه أيضا على [`/api/docs`](/api/docs)).",
    token_heading: "1. إنشاء رمز وصول شخصي",
    token_body: "افتح شاشة **الملف الشخصي** (قائمة حسابك)، قسم **رموز الوصول**، وأنشئ رمزا: أعطه \
        اسما وصلاحياته (`read` للقراءة، `write` للتعديل)، وإن شئت تاريخ انتهاء (90 يوما افتراضيا، \
        سنة على الأكثر). تستدعي الشاشة `POST /api/tokens`؛ لا يُعرض الرمز إلا مرة واحدة: انسخه \
        واحفظه سرا. يمكنك إلغاؤه في أي وقت من الشاشة نفسها.",
    call_heading: "2. استدعاء الواجهة بالرمز",
    call_body:
        "يحمل كل طلب الترويسة `Authorization: Bearer <token>`. المحتوى بصيغة JSON، والمبالغ \
        بالسنتيم (249,00 درهم تُكتب `24900`)، والتواريخ بصيغة `YYYY-MM-DD`. خطأ في الإدخال يجيب \
        422 مع رسالة كل حقل في `errors`، وعنصر لا يخصك 404، وصلاحية ناقصة 403. تتبع الرسائل \
        الترويسة `Accept-Language` (`fr` أو `en` أو `ar`).",
    token_placeholder: "your-token",
    calls_heading: "3. الطلبات",
    file_placeholder: "file",
    idempotency_heading: "4. إعادة إرسال طلب دون مخاطرة",
    idempotency_body: "في {calls}، أضف الترويسة `Idempotency-Key` (من 1 إلى 255 حرفا ظاهرا، مثلا \
        رقم الطلبية في متجرك). إذا ضاع الجواب (انقطاع الشبكة، تجاوز المهلة)، أعد إرسال الطلب نفسه \
        بالمفتاح نفسه: تتلقى الجواب الأول (الترويسة `Idempotent-Replayed: true`) ولا يُنشأ شيء \
        مرتين، طيلة 7 أيام. يُقارن المحتوى بصفته JSON: لا يهم ترتيب الحقول ولا المسافات. المفتاح \
        نفسه مع محتوى آخر يجيب 422؛ وما دام الطلب الأول قيد المعالجة، 409 (أعد المحاولة بعد لحظة). \
        الطلب المرفوض قبل أن يغير أي شيء (400، 401، 403، 404، 413، 415، 422 بسبب محتواه، 429، أو \
        خطأ 5xx) لا يحتفظ بمفتاحه: صحح المحتوى وأعد إرساله بالمفتاح نفسه.",
    parcel_file: "parcel.json",
    webhooks_heading: "5. الإشعارات الآلية: Colivra يخبر متجرك",
    webhooks_body: "بدل استجواب الواجهة باستمرار، صرّح بعنوان https لمتجرك (شاشة **الملف \
        الشخصي**، قسم **الإشعارات الآلية**، أو `POST /api/webhooks`) واختر الأحداث. يصل كل حدث في \
        طلب `POST` بصيغة JSON `{id, type, created_at, data}` مع الترويسات `Colivra-Event-Id` \
        (نفسه في كل إعادة إرسال: تجاهل معرفا سبقت معالجته) و`Colivra-Event` و`Colivra-Signature: \
        t=<seconds>,v1=<signature>`. أجب بـ 2xx في أقل من 10 ثوان؛ وإلا أعيد الإرسال (بعد 30 ثانية، \
        ثم ضعف المدة في كل مرة، ساعة على الأكثر) طيلة 24 ساعة، ثم يُعلَّق العنوان إلى أن تعيد \
        تفعيله. تصل أحداث الطرد الواحد بالترتيب.",
    event_column: "الحدث",
    recorded: "يقول `parcel.outcome_recorded` ما سجله عامل التوصيل عند الباب، أيا كان (تم \
        التسليم، مرفوض، لا يجيب، مؤجل…)، في `data.recorded`: {fields}. `recorded_at` هو وقت \
        تسجيله (على هاتفه، ربما دون شبكة)، و`received_at` وقت وصوله إلى الخادم.",
    signature_heading: "التحقق من التوقيع",
    signature_body: "التوقيع هو HMAC-SHA256، بالنظام الست عشري، لـ `<t>.<المحتوى كما وصل>` بالسر \
        المعروض مرة واحدة عند الإنشاء. ارفض `t` أقدم من 5 دقائق.",
    product: "فستان صيفي مقاس M",
    shop_key: "SHOP_KEY (GET /api/shops)",
    product_key: "PRODUCT_KEY (GET /api/inventories)",
    parcel_code: "PARCEL_CODE (GET /api/parcels)",
};

fn words(language: Language) -> &'static Words {
    match language {
        Language::Fr => &FRENCH,
        Language::En => &ENGLISH,
        Language::Ar => &ARABIC,
    }
}

/// The guide's title in `language`.
pub fn title(language: Language) -> &'static str {
    words(language).title
}

/// The guide in each language, written once at start-up: its examples name the server's address
/// by the slot [`GuideTemplate::BASE_URL`], filled at each request with the address the caller
/// reached.
pub fn template() -> GuideTemplate {
    GuideTemplate::new(Language::ALL.map(|language| markdown(GuideTemplate::BASE_URL, language)))
}

/// The guide's Markdown in `language` for a server reached at `base_url`.
pub fn markdown(base_url: &str, language: Language) -> String {
    let words = words(language);
    let document = serde_json::to_value(crate::openapi::document()).unwrap_or(Value::Null);
    let mut out = format!("# {}\n\n{}\n\n", words.title, words.intro);
    out.push_str(&format!(
        "## {}\n\n{}\n\n",
        words.token_heading, words.token_body
    ));
    out.push_str(&format!(
        "## {}\n\n{}\n\n",
        words.call_heading, words.call_body
    ));
    out.push_str("```sh\n");
    out.push_str(&format!("export BASE_URL=\"{base_url}\"\n"));
    out.push_str(&format!(
        "export TOKEN=\"{}\"\n```\n\n",
        words.token_placeholder
    ));
    out.push_str(&format!("## {}\n\n", words.calls_heading));
    for endpoint in table() {
        if !merchant_may_call(endpoint.access) {
            continue;
        }
        let method = endpoint.method.as_str();
        let operation = &document["paths"][endpoint.path][method.to_lowercase()];
        out.push_str(&format!("### {method} {}\n\n", endpoint.path));
        out.push_str(&format!("{}.\n\n", endpoint.summary.trim_end_matches('.')));
        out.push_str("```sh\n");
        out.push_str(&format!(
            "curl -X {method} \"$BASE_URL{}\" \\\n  -H \"Authorization: Bearer $TOKEN\" \\\n  -H \"Accept: application/json\"",
            endpoint.path
        ));
        let body_schema = &operation["requestBody"]["content"]["application/json"]["schema"];
        if !body_schema.is_null() {
            let body = object_example(&document, words, resolve(&document, body_schema), 0);
            let text = serde_json::to_string_pretty(&body)
                .unwrap_or_default()
                .replace('\'', "'\\''");
            out.push_str(&format!(
                " \\\n  -H \"Content-Type: application/json\" \\\n  -d '{text}'"
            ));
        } else if let Some(content) = operation["requestBody"]["content"].as_object() {
            if let Some(media_type) = content.keys().next() {
                out.push_str(&format!(
                    " \\\n  -H \"Content-Type: {media_type}\" \\\n  --data-binary @{}",
                    words.file_placeholder
                ));
            }
        }
        out.push_str("\n```\n\n");
    }
    out.push_str(&idempotency_chapter(words));
    out.push_str(&webhooks_chapter(&document, words));
    out
}

fn idempotency_chapter(words: &Words) -> String {
    let marked: Vec<String> = table()
        .into_iter()
        .filter(|endpoint| endpoint.idempotent && merchant_may_call(endpoint.access))
        .map(|endpoint| format!("`{} {}`", endpoint.method, endpoint.path))
        .collect();
    format!(
        "## {}\n\n{}\n\n\
         ```sh\ncurl -X POST \"$BASE_URL/api/parcels\" \\\n  -H \"Authorization: Bearer $TOKEN\" \\\n  \
         -H \"Idempotency-Key: commande-1001\" \\\n  -H \"Content-Type: application/json\" \\\n  \
         -d @{}\n```\n\n",
        words.idempotency_heading,
        words.idempotency_body.replace("{calls}", &marked.join(", ")),
        words.parcel_file
    )
}

/// The webhooks chapter: the events and what their `data` holds, from the document's schemas.
fn webhooks_chapter(document: &Value, words: &Words) -> String {
    use colivra_db::outbox::{self, EVENT_TYPES};
    let mut out = format!(
        "## {}\n\n{}\n\n",
        words.webhooks_heading, words.webhooks_body
    );
    out.push_str(&format!("| {} | `data` |\n|---|---|\n", words.event_column));
    for event in EVENT_TYPES.iter().chain([&outbox::PING]) {
        let schema = match event.split('.').next() {
            Some("parcel") => "ParcelEventData",
            Some("invoice") => "InvoiceEventData",
            Some("ticket") => "TicketEventData",
            _ => "PingEventData",
        };
        // `recorded` is the outcome's own (described below the table).
        let fields: Vec<String> = document["components"]["schemas"][schema]["properties"]
            .as_object()
            .map(|properties| {
                properties
                    .keys()
                    .filter(|name| *name != "recorded" || *event == outbox::PARCEL_OUTCOME_RECORDED)
                    .map(|name| format!("`{name}`"))
                    .collect()
            })
            .unwrap_or_default();
        out.push_str(&format!("| `{event}` | {} |\n", fields.join(", ")));
    }
    let recorded: Vec<String> = document["components"]["schemas"]["RecordedOutcome"]["properties"]
        .as_object()
        .map(|properties| properties.keys().map(|name| format!("`{name}`")).collect())
        .unwrap_or_default();
    out.push_str(&format!(
        "\n{}\n",
        words.recorded.replace("{fields}", &recorded.join(", "))
    ));
    out.push_str(&format!(
        "\n#### {}\n\n{}\n\n",
        words.signature_heading, words.signature_body
    ));
    out.push_str(
        "```php\n<?php // WooCommerce, PHP\n$body = file_get_contents('php://input');\n\
         parse_str(str_replace(',', '&', $_SERVER['HTTP_COLIVRA_SIGNATURE'] ?? ''), $sig);\n\
         $expected = hash_hmac('sha256', $sig['t'] . '.' . $body, getenv('COLIVRA_WEBHOOK_SECRET'));\n\
         if (!hash_equals($expected, $sig['v1'] ?? '') || abs(time() - (int) $sig['t']) > 300) {\n\
         \x20   http_response_code(400);\n    exit;\n}\n$event = json_decode($body, true);\n```\n\n\
         ```js\n// Node.js (Express: express.raw({ type: 'application/json' }))\n\
         const crypto = require('node:crypto');\n\
         function verify(rawBody, header, secret) {\n\
         \x20 const { t, v1 } = Object.fromEntries(header.split(',').map((p) => p.split('=')));\n\
         \x20 const expected = crypto.createHmac('sha256', secret).update(`${t}.${rawBody}`).digest('hex');\n\
         \x20 return Math.abs(Date.now() / 1000 - Number(t)) < 300 &&\n\
         \x20   crypto.timingSafeEqual(Buffer.from(expected), Buffer.from(v1 ?? ''));\n}\n```\n",
    );
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_guide_names_real_paths_with_bearer_examples() {
        let text = markdown("https://colivra.example", Language::Fr);
        assert!(text.contains("### POST /api/parcels\n"));
        assert!(text.contains("Authorization: Bearer $TOKEN"));
        assert!(text.contains("\"recipient_name\""));
        // Examples read like a real parcel, not like the schema's field names.
        assert!(text.contains("\"city\": \"Casablanca\""), "{text}");
        assert!(text.contains("\"cod_amount\": 24900"));
        // Browser-session-only and staff-only calls are not in it.
        assert!(!text.contains("### GET /api/tokens"));
        assert!(!text.contains("### POST /api/cities"));
    }

    #[test]
    fn the_guide_explains_idempotency_keys_and_every_webhook_event() {
        let text = markdown("https://colivra.example", Language::Fr);
        assert!(text.contains("Idempotency-Key: commande-1001"));
        assert!(text.contains("ne retient pas sa clé"));
        assert!(
            text.contains("`data.recorded` : "),
            "the outcome's details are described"
        );
        assert!(text.contains("`postponed_to`") && text.contains("`has_proof`"));
        assert!(
            text.contains("`POST /api/parcels`"),
            "the marked calls are listed"
        );
        for event in [
            "parcel.created",
            "parcel.status_changed",
            "parcel.outcome_recorded",
            "invoice.validated",
            "invoice.paid",
            "ticket.answered",
            "ping",
        ] {
            assert!(text.contains(&format!("| `{event}` | `")), "{event}");
        }
        // The fields come from the document's schemas.
        assert!(text.contains("`cod_amount`") && text.contains("`payment_reference`"));
        assert!(text.contains("hash_hmac('sha256'"));
        assert!(text.contains("createHmac('sha256', secret)"));
    }

    #[test]
    fn each_language_has_its_own_words_and_the_same_calls() {
        let calls = |text: &str| -> Vec<String> {
            text.lines()
                .filter(|l| l.starts_with("### ") || l.starts_with("| `"))
                .map(str::to_owned)
                .collect()
        };
        let french = markdown("https://colivra.example", Language::Fr);
        let english = markdown("https://colivra.example", Language::En);
        let arabic = markdown("https://colivra.example", Language::Ar);
        assert_eq!(calls(&english), calls(&french));
        assert_eq!(calls(&arabic), calls(&french));
        assert!(english.starts_with("# Merchant API\n"));
        assert!(english.contains("`data.recorded`: `"));
        assert!(english.contains("\"product\": \"Summer dress size M\""));
        assert!(arabic.starts_with("# واجهة برمجة التجار\n"));
        assert!(arabic.contains("التحقق من التوقيع"));
        for text in [&english, &arabic] {
            for french_word in ["jeton", "Événement", "CLE_DE_LA_BOUTIQUE", "Robe"] {
                assert!(!text.contains(french_word), "{french_word}");
            }
        }
    }
}
