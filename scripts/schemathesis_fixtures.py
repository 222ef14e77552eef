"""Real resources for the schemathesis run, and its configuration.

Random keys only ever meet 404, so the run would never see a real voucher or invoice. This
moves seed-demo's data along as the people would (the pickup voucher is received, its parcels
shipped with the delivery person, one delivered and its cash handed over, invoices drafted),
then writes a schemathesis configuration whose dictionaries hold the keys of what exists, bound to the parameters and body
fields that name them: generated requests use a real key often, a random one otherwise.

Usage: schemathesis_fixtures.py BASE_URL ADMIN_COOKIE ADMIN_XSRF OUT.toml MERCHANT_TOKEN
"""

import json
import sys
import urllib.error
import urllib.request

BASE, COOKIE, XSRF, OUT, MERCHANT_TOKEN = sys.argv[1:6]


def call(method, path, body=None, token=None):
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(BASE + path, data=data, method=method)
    if token:
        request.add_header("Authorization", f"Bearer {token}")
    else:
        request.add_header("Cookie", COOKIE)
        request.add_header("X-XSRF-TOKEN", XSRF)
    if data is not None:
        request.add_header("Content-Type", "application/json")
    try:
        with urllib.request.urlopen(request) as response:
            text = response.read().decode()
    except urllib.error.HTTPError as error:
        raise SystemExit(f"fixtures: {method} {path} answered {error.code}: {error.read().decode()[:300]}")
    return json.loads(text) if text else None


def keys(path, field="key"):
    return [row[field] for row in call("GET", path)["data"]]


# The merchant's pickup voucher is received: its parcels are picked up.
vouchers = call("GET", "/api/pickup-vouchers?status=new")["data"]
for voucher in vouchers:
    detail = call("GET", f"/api/pickup-vouchers/{voucher['key']}")["data"]
    codes = [p["key"] for p in detail["parcels"]]
    call("PUT", "/api/pickup-vouchers/pickup", {"voucher": voucher["key"], "parcels": codes})
couriers = call("GET", "/api/delivery-admins")["data"]
courier = couriers[0]["key"]
picked = keys("/api/parcels?status=picked_up")
if picked:
    # Shipped with the delivery person (an exit voucher); the first is delivered.
    call("PUT", "/api/parcels/delivery", {"delivery_admin": courier, "parcels": picked, "force": True})
    # With a proof of delivery (a 1×1 PNG as the signature), for the proof routes.
    call("POST", "/api/parcels/states", {"parcel": picked[0], "status": "delivered", "proof": {
        "signature": "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
        "signed_by": "Fatima Zahra",
    }})
    # Its cash handed over (declared, counted, validated): a merchant is paid from cash
    # received. Then drafts of both kinds of invoice: the shop's, and the delivery person's of a
    # second delivered parcel.
    handed = call("POST", "/api/delivery-admins/invoices", {"delivery_admin": courier})["data"]
    call("PUT", f"/api/delivery-admins/invoices/{handed['key']}", {"counted_amount": handed["total"]})
    call("PUT", f"/api/delivery-admins/invoices/{handed['key']}", {"status": "validated"})
    shop = call("GET", f"/api/parcels/{picked[0]}")["data"]["shop"]
    call("POST", "/api/clients/invoices", {"shop": shop, "type": "delivered"})
    if len(picked) > 1:
        call("POST", "/api/parcels/states", {"parcel": picked[1], "status": "delivered"})
        call("POST", "/api/delivery-admins/invoices", {"delivery_admin": courier})

# A staff member to edit: never the fuzzing admin himself (a new password would end his session).
staff = call(
    "POST",
    "/api/managers",
    {
        "first_name": "Fuzz",
        "last_name": "Staff",
        "email": "fuzz.staff@colivra.ma",
        "password": "Fuzz#Staff-2026-Colivra",
        "permissions": ["dashboard", "cities"],
    },
)["data"]["key"]

# A RIB change made by the staff (in force at once): a real key for the RIB change routes
# (deciding it again answers 409, as documented).
shop_keys = keys("/api/shops?per_page=100")
if shop_keys:
    call("PUT", f"/api/shops/{shop_keys[0]}", {"bank_account": "230181000098765432109813"})

# A merchant's own price for a city: a real key for the cost routes.
merchant_keys = keys("/api/clients?per_page=100")
city_keys = keys("/api/cities?per_page=100")
if merchant_keys and city_keys:
    call("POST", "/api/costs", {
        "client": merchant_keys[0],
        "city": city_keys[-1],
        "delivery_fee": 2500,
        "return_fee": 1000,
        "refusal_fee": 1500,
    })
# A merchant's webhook endpoint with one delivery in its log (a ping), for the webhook routes.
webhook = call(
    "POST",
    "/api/webhooks",
    {"url": "https://hooks.example.ma/colivra", "events": ["parcel.created", "invoice.paid"]},
    token=MERCHANT_TOKEN,
)["data"]["key"]
call("POST", f"/api/webhooks/{webhook}/test", {}, token=MERCHANT_TOKEN)
webhook_deliveries = [
    row["key"]
    for row in call("GET", f"/api/webhooks/{webhook}/deliveries", token=MERCHANT_TOKEN)["data"]
]

# A message in the log (a forgotten password's e-mail: no SMTP server in this run, so it waits).
call("POST", "/api/password/forgotten", {"email": "client@colivra.ma"})
outbound_messages = keys("/api/messages")

ticket_keys = keys("/api/tickets")
messages = [
    message["key"]
    for ticket in ticket_keys
    for message in call("GET", f"/api/tickets/{ticket}")["data"]["messages"]
]

dictionaries = {
    "costs": keys("/api/costs?per_page=100"),
    "messages": messages,
    "cities": keys("/api/cities?per_page=100"),
    "bank_account_changes": keys("/api/shops/bank-account-changes"),
    "unapplied_outcomes": keys("/api/parcels/outcomes/unapplied"),
    "shops": keys("/api/shops?per_page=100"),
    "merchants": keys("/api/clients?per_page=100"),
    "couriers": [c["key"] for c in couriers],
    "parcels": keys("/api/parcels?per_page=100"),
    "pickup_vouchers": keys("/api/pickup-vouchers"),
    "exit_vouchers": keys("/api/exit-vouchers"),
    "return_vouchers": keys("/api/return-vouchers"),
    "client_invoices": keys("/api/clients/invoices"),
    "delivery_invoices": keys("/api/delivery-admins/invoices"),
    "staff": [staff],
    "tickets": keys("/api/tickets"),
    "announcements": keys("/api/announcements"),
    "guides": keys("/api/guides"),
    "inventories": keys("/api/inventories?per_page=100"),
    "movements": keys("/api/inventories/movements?per_page=100"),
    "entry_slips": sorted({m["entry_slip"] for m in call("GET", "/api/inventories/movements?per_page=100")["data"] if m["entry_slip"]}),
    "statuses": [s["key"] for s in call("GET", "/api/states")["data"]],
    "webhooks": [webhook],
    "proofs": keys(f"/api/parcels/{picked[0]}/proofs") if picked else [],
    "proof_parts": ["signature", "photo"],
    # Recipients' phones as the parcels hold them (histories to read), in an international form too.
    "recipient_phones": sorted({p["recipient_phone"] for p in call("GET", "/api/parcels?per_page=100")["data"]})[:20] + ["+212661000001"],
    "webhook_deliveries": webhook_deliveries,
    "outbound_messages": outbound_messages,
}
dictionaries = {name: values for name, values in dictionaries.items() if values}

# Parameters and body fields naming a kind of resource, wherever they appear.
everywhere = {
    "body.city": "cities",
    "body.shop": "shops",
    "body.client": "merchants",
    "body.delivery_admin": "couriers",
    "body.parcel": "parcels",
    "body.parcels[*]": "parcels",
    "body.original_parcel": "parcels",
    "body.voucher": "pickup_vouchers",
    "body.status": "statuses",
    "body.inventory": "inventories",
    "body.lines[*].inventory": "inventories",
    "body.stock_lines[*].inventory": "inventories",
    "query.inventory": "inventories",
    "query.city": "cities",
    "query.shop": "shops",
    "query.client": "merchants",
    "query.delivery_admin": "couriers",
    "query.parcels": "parcels",
    "path.client": "merchants",
    "path.deliveryAdmin": "couriers",
    "path.city": "cities",
    "path.shop": "shops",
    "path.code": "parcels",
    "path.parcel": "parcels",
    "path.parcelKey": "parcels",
    "path.ticket": "tickets",
    "path.message": "messages",
    "path.proof": "proofs",
    "path.part": "proof_parts",
    "path.phone": "recipient_phones",
}
# Paths whose `{key}` gets no real value, on purpose: the fuzzing identity's own session or
# token, which a real key would end mid-run. (tests/api/openapi.rs reads this list.)
unbound = [
    r"^/api/sessions/\{key\}$",
    r"^/api/tokens/\{key\}$",
    # A recipient's STOP: this run configures no SMS or WhatsApp channel, so no recipient
    # message exists to name (an e-mail's key answers 404 like a made-up one).
    r"^/api/recipient-messages/\{key\}/stop$",
]
# `{key}` and `{invoiceKey}` by the collection they are in.
by_path = [
    (r"^/api/parcels/outcomes/unapplied/\{key\}", "unapplied_outcomes"),
    (r"^/api/parcels/\{key\}", "parcels"),
    (r"^/api/inventories/movements/\{key\}$", "movements"),
    (r"^/api/inventories/entries/\{key\}", "entry_slips"),
    (r"^/api/inventories/\{key\}$", "inventories"),
    (r"^/api/cities/\{key\}$", "cities"),
    (r"^/api/costs/\{key\}$", "costs"),
    (r"^/api/shops/\{key\}$", "shops"),
    (r"^/api/shops/bank-account-changes/\{key\}(/certificate)?$", "bank_account_changes"),
    (r"^/api/delivery-admins/\{key\}$", "couriers"),
    (r"^/api/delivery-admins/\{key\}/balance$", "couriers"),
    (r"^/api/clients/\{key\}/balance$", "merchants"),
    (r"^/api/(managers|admins)/\{key\}$", "staff"),
    (r"^/api/pickup-vouchers/\{key\}", "pickup_vouchers"),
    (r"^/api/exit-vouchers/\{key\}", "exit_vouchers"),
    (r"^/api/return-vouchers/\{key\}", "return_vouchers"),
    (r"^/api/clients/(invoices/\{key\}|parcels/invoices/\{invoiceKey\})", "client_invoices"),
    (r"^/api/delivery-admins/(invoices/\{key\}|parcels/invoices/\{invoiceKey\})", "delivery_invoices"),
    (r"^/api/tickets/\{key\}", "tickets"),
    (r"^/api/announcements/\{key\}$", "announcements"),
    (r"^/api/guides/\{key\}$", "guides"),
    (r"^/api/webhooks/deliveries/\{key\}/retry$", "webhook_deliveries"),
    (r"^/api/messages/\{key\}/resend$", "outbound_messages"),
    (r"^/api/webhooks/\{key\}", "webhooks"),
]


def toml_string(value):
    return json.dumps(value)


lines = ["# Written by scripts/schemathesis_fixtures.py for one run."]
for name, values in dictionaries.items():
    lines.append(f"[dictionaries.{name}]")
    lines.append("values = [" + ", ".join(toml_string(v) for v in values) + "]")
lines.append("[parameters]")
for parameter, name in everywhere.items():
    if name in dictionaries:
        lines.append(f'{toml_string(parameter)} = {{ dictionary = "{name}", probability = 0.6 }}')
for regex, name in by_path:
    if name not in dictionaries:
        continue
    bindings = [f'{toml_string("path.key")} = {{ dictionary = "{name}", probability = 0.6 }}']
    if "invoiceKey" in regex:
        bindings.append(f'{toml_string("path.invoiceKey")} = {{ dictionary = "{name}", probability = 0.6 }}')
    for parameter, shared in everywhere.items():
        if shared in dictionaries:
            bindings.append(f'{toml_string(parameter)} = {{ dictionary = "{shared}", probability = 0.6 }}')
    lines.append("[[operations]]")
    lines.append(f"include-path-regex = {toml_string(regex)}")
    lines.append("parameters = { " + ", ".join(bindings) + " }")
with open(OUT, "w", encoding="utf-8") as out:
    out.write("\n".join(lines) + "\n")
print(
    "fixtures: " + ", ".join(f"{len(v)} {k.replace('_', ' ')}" for k, v in dictionaries.items())
)
