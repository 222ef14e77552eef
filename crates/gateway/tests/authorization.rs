//! The authorization matrix: every route of the table × every kind of caller, with the status
//! the table's access rule implies.

mod support;

use colivra_core::Role;
use colivra_gateway::routes::{table, Access, Endpoint};
use serde_json::json;
use support::{TestApp, TestClient, PASSWORD};

#[derive(Debug, Clone, Copy, PartialEq)]
enum Caller {
    Anonymous,
    InactiveMerchant,
    Merchant,
    DeliveryPerson,
    Admin,
    /// An admin staff member holding only `dashboard`.
    StaffWithoutPermission,
}

const CALLERS: [Caller; 6] = [
    Caller::Anonymous,
    Caller::InactiveMerchant,
    Caller::Merchant,
    Caller::DeliveryPerson,
    Caller::Admin,
    Caller::StaffWithoutPermission,
];

/// `None`: allowed (anything but 401/403); `Some(code)`: refused with that code.
fn expected(access: Access, caller: Caller) -> Option<u16> {
    let (role, active, permissions): (Role, bool, Option<&[&str]>) = match caller {
        Caller::Anonymous => {
            return if access == Access::Public {
                None
            } else {
                Some(401)
            }
        }
        Caller::InactiveMerchant => (Role::Client, false, None),
        Caller::Merchant => (Role::Client, true, None),
        Caller::DeliveryPerson => (Role::DeliveryAdmin, true, None),
        Caller::Admin => (Role::Admin, true, None),
        Caller::StaffWithoutPermission => (Role::Admin, true, Some(&["dashboard"])),
    };
    match access {
        Access::Public | Access::SignedIn => None,
        Access::Active {
            roles,
            permissions: needed,
        } => {
            let holds = needed.is_empty()
                || role == Role::DeliveryAdmin
                || permissions.is_none_or(|held| needed.iter().any(|n| held.contains(n)));
            if active && roles.contains(&role) && holds {
                None
            } else {
                Some(403)
            }
        }
    }
}

async fn client_for(app: &TestApp, caller: Caller, n: usize) -> TestClient {
    let client = app.client();
    // Like the web app: the CSRF cookie first, so the matrix tests authorization, not CSRF.
    client.get("/sanctum/csrf-cookie").await.assert_status(204);
    let email = format!("{caller:?}-{n}@matrix.ma").to_lowercase();
    match caller {
        Caller::Anonymous => return client,
        Caller::InactiveMerchant => {
            app.create_user(Role::Client, &email, false, None);
        }
        Caller::Merchant => {
            app.create_user(Role::Client, &email, true, None);
        }
        Caller::DeliveryPerson => {
            app.create_user(Role::DeliveryAdmin, &email, true, None);
        }
        Caller::Admin => {
            app.create_user(Role::Admin, &email, true, None);
        }
        Caller::StaffWithoutPermission => {
            app.create_admin_staff(&email, &["dashboard"]);
        }
    }
    client.login(&email, PASSWORD).await.assert_status(200);
    client
}

fn concrete_path(endpoint: &Endpoint) -> String {
    endpoint
        .path
        .split('/')
        .map(|segment| {
            if segment.starts_with('{') {
                "ZZZZZZZZ"
            } else {
                segment
            }
        })
        .collect::<Vec<_>>()
        .join("/")
}

#[actix_rt::test]
async fn every_route_answers_each_caller_as_its_table_row_says() {
    // Every cell signs in from 127.0.0.1 and the login row fails on purpose: lift the throttle.
    let app = TestApp::spawn_with_throttle(colivra_auth::throttle::Throttle::new(
        100_000,
        std::time::Duration::from_secs(60),
    ))
    .await;
    let endpoints = table();
    assert!(endpoints.len() >= 10);
    let mut checked = 0;
    for (n, endpoint) in endpoints.iter().enumerate() {
        for caller in CALLERS {
            // A fresh sign-in for each cell: some routes (logout) end the session they run in.
            let client = client_for(&app, caller, n).await;
            let body = (endpoint.method != actix_web::http::Method::GET).then(|| json!({}));
            let res = client
                .request(endpoint.method.clone(), &concrete_path(endpoint), body)
                .await;
            match expected(endpoint.access, caller) {
                Some(code) => assert_eq!(
                    res.status, code,
                    "{} {} as {caller:?}: {}",
                    endpoint.method, endpoint.path, res.text
                ),
                None => assert!(
                    res.status != 401 && res.status != 403 && res.status < 500,
                    "{} {} as {caller:?} should pass authorization, got {}: {}",
                    endpoint.method,
                    endpoint.path,
                    res.status,
                    res.text
                ),
            }
            checked += 1;
        }
    }
    assert_eq!(checked, endpoints.len() * CALLERS.len());
}

#[test]
fn the_openapi_document_lists_every_route_of_the_table() {
    let document = serde_json::to_value(colivra_gateway::openapi::document()).unwrap();
    for endpoint in table() {
        let method = endpoint.method.as_str().to_lowercase();
        assert!(
            document["paths"][endpoint.path][&method].is_object(),
            "{} {} missing from the OpenAPI document",
            endpoint.method,
            endpoint.path
        );
    }
}

#[test]
fn no_route_is_declared_twice() {
    let mut seen = std::collections::HashSet::new();
    for endpoint in table() {
        assert!(
            seen.insert((endpoint.method.to_string(), endpoint.path)),
            "{} {}",
            endpoint.method,
            endpoint.path
        );
    }
}
