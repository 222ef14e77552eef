//! What an endpoint's types say about it. Each extractor a handler takes and the reply it
//! answers describe themselves here; the OpenAPI document is assembled from these descriptions,
//! so what is served and what is documented come from the same declaration.

use utoipa::openapi::path::Parameter;
use utoipa::openapi::request_body::RequestBody;
use utoipa::openapi::schema::Schema;
use utoipa::openapi::{Ref, RefOr, Response};
use utoipa::ToSchema;

/// One operation as its handler's types describe it.
#[derive(Default)]
pub struct OperationDoc {
    /// The request body, when the handler reads one.
    pub request: Option<RequestBody>,
    /// The component a JSON body refers to: request objects stay open to other fields.
    pub request_components: Vec<String>,
    /// Query parameters, in the order the handler's extractors declare them.
    pub query: Vec<Parameter>,
    /// The success answer: status and response.
    pub success: Option<(u16, Response)>,
    /// Other answers with a body of their own (a dry run's 200 beside a creation's 201, the
    /// 422 that carries a preview).
    pub answers: Vec<(u16, Response)>,
    /// Every component the operation refers to, with those they refer to.
    pub components: Vec<(String, RefOr<Schema>)>,
}

impl OperationDoc {
    /// A reference to `T`'s component, registering it (and what it refers to) once.
    pub fn component<T: ToSchema>(&mut self) -> RefOr<Schema> {
        let name = T::name().into_owned();
        self.register(name.clone(), T::schema());
        T::schemas(&mut self.components);
        Ref::from_schema_name(name).into()
    }

    /// Registers a component built by hand (a creation body derived from an edition body).
    pub fn register(&mut self, name: String, schema: RefOr<Schema>) {
        if !self.components.iter().any(|(known, _)| *known == name) {
            self.components.push((name, schema));
        }
    }
}

/// An extractor's part of the description: a body, query parameters, or nothing (the caller,
/// the database, the language, path segments, which the path template already names).
pub trait DescribeInput {
    fn describe(doc: &mut OperationDoc) {
        let _ = doc;
    }
}

/// A reply's part of the description: its success status and body.
pub trait DescribeReply {
    fn describe(doc: &mut OperationDoc);
}

macro_rules! describe_tuple {
    ($($name:ident),*) => {
        impl<$($name: DescribeInput),*> DescribeInput for ($($name,)*) {
            #[allow(unused_variables)]
            fn describe(doc: &mut OperationDoc) {
                $($name::describe(doc);)*
            }
        }
    };
}

describe_tuple!();
describe_tuple!(A);
describe_tuple!(A, B);
describe_tuple!(A, B, C);
describe_tuple!(A, B, C, D);
describe_tuple!(A, B, C, D, E);
describe_tuple!(A, B, C, D, E, F);
describe_tuple!(A, B, C, D, E, F, G);
describe_tuple!(A, B, C, D, E, F, G, H);

impl<R: DescribeReply, E> DescribeReply for Result<R, E> {
    fn describe(doc: &mut OperationDoc) {
        R::describe(doc)
    }
}

/// Describes an operation from its handler's argument tuple and reply types.
pub fn describe<Args: DescribeInput, Reply: DescribeReply>(doc: &mut OperationDoc) {
    Args::describe(doc);
    Reply::describe(doc);
}
