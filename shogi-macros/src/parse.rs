//! Stage 1: parse the `variant!` input into a syntax tree that keeps every span.

use proc_macro2::Span;
use syn::parse::{Parse, ParseStream};
use syn::punctuated::Punctuated;
use syn::{
    braced, bracketed, parenthesized, Attribute, Expr, Ident, LitInt, LitStr, Token, Visibility,
};

/// The whole definition.
pub struct VariantDef {
    pub attrs: Vec<Attribute>,
    pub vis: Visibility,
    pub name: Ident,
    pub items: Vec<Item>,
}

/// One top-level item.
pub enum Item {
    /// `id = "Shogi-Circe";`, `title = "...";`, `note = "...";`
    Text { key: Ident, value: LitStr },
    /// `pieces = standard;`, `pieces = standard without [pawn, knight];`, `pieces = none;`;
    /// `with [kirin_phoenix]` adds the kinds of a named piece group.
    Pieces {
        key: Ident,
        base: Ident,
        with: Vec<Ident>,
        without: Vec<Ident>,
    },
    /// `piece name 'X' { ... }`
    Piece(PieceItem),
    /// `setup 3 { ... }`
    Setup(SetupItem),
    /// `board = 5x5;` (files × ranks, one literal token) or `zone = 1;`
    Size { key: Ident, value: LitInt },
    /// `eval { mobility = 76; safe_check = 700; }`: the engine's evaluation weights.
    Eval {
        key: Ident,
        weights: Vec<(Ident, LitInt)>,
    },
    /// `capture_effect = circe;`, `paralysis = same_kind { kings = included };`
    Rule {
        key: Ident,
        value: Ident,
        options: Vec<(Ident, Ident)>,
    },
}

pub struct PieceItem {
    pub name: Ident,
    /// SFEN token: a char literal `'I'` or a string `"+O"`.
    pub sfen: Option<(String, Span)>,
    pub props: Vec<PieceProp>,
}

pub enum PieceProp {
    Moves {
        key: Ident,
        terms: Vec<MoveTerm>,
    },
    Promotes {
        key: Ident,
        target: Ident,
        zone: Option<LitInt>,
    },
    Int {
        key: Ident,
        value: LitInt,
    },
    Name {
        key: Ident,
        value: Ident,
    },
    Captured {
        key: Ident,
        black: Ident,
        white: Ident,
    },
    Flag(Ident),
}

/// A movement term: `gold`, `leaps((1, 2), (-1, 2))`, `reflecting(all)`.
pub struct MoveTerm {
    pub name: Ident,
    pub args: Option<MoveArgs>,
}

pub enum MoveArgs {
    Offsets(Vec<((i8, i8), Span)>),
    /// `slides_up_to(2, (1, -1), ...)`: a range, then offsets.
    Ranged(LitInt, Vec<((i8, i8), Span)>),
    Word(Ident),
}

pub struct SetupItem {
    pub keyword: Ident,
    pub number: Option<LitInt>,
    /// `setup 2 like 1 { first = white; }`: setup 1's items, then these.
    pub like: Option<LitInt>,
    pub props: Vec<SetupProp>,
}

pub enum SetupProp {
    /// `first = white;`, `base = empty;`
    Set { key: Ident, value: Ident },
    /// `base = "rbsgk/4p/5/P4/KGSBR";`: the board as SFEN text
    Base { key: Ident, board: LitStr },
    /// `black remove [rook, bishop, "7i"];`
    Remove { side: Ident, targets: Vec<Target> },
    /// `black place { "3i" = immortal_silver };`
    Place {
        side: Ident,
        places: Vec<(LitStr, Ident)>,
    },
    /// `white replace knight => eight_knight;`
    Replace { side: Ident, from: Ident, to: Ident },
}

pub enum Target {
    Kind(Ident),
    Square(LitStr),
}

impl Parse for VariantDef {
    fn parse(input: ParseStream) -> syn::Result<Self> {
        let attrs = input.call(Attribute::parse_outer)?;
        let vis: Visibility = input.parse()?;
        if !input.peek(Token![struct]) {
            return Err(
                input.error("a variant starts with `pub struct Name;` (its doc comments above it)")
            );
        }
        input.parse::<Token![struct]>()?;
        let name: Ident = input.parse()?;
        input
            .parse::<Token![;]>()
            .map_err(|e| syn::Error::new(e.span(), "expected `;` after the type name"))?;
        let mut items = Vec::new();
        while !input.is_empty() {
            items.push(input.parse()?);
        }
        Ok(VariantDef {
            attrs,
            vis,
            name,
            items,
        })
    }
}

fn parse_sfen_token(input: ParseStream) -> syn::Result<Option<(String, Span)>> {
    if input.peek(syn::LitChar) {
        let c: syn::LitChar = input.parse()?;
        Ok(Some((c.value().to_string(), c.span())))
    } else if input.peek(LitStr) {
        let s: LitStr = input.parse()?;
        Ok(Some((s.value(), s.span())))
    } else {
        Ok(None)
    }
}

/// One `name = N;` of an `eval { ... }` block. Weights are not negative, so a `-` is refused
/// here with that reason rather than as a stray token.
fn parse_weight(input: ParseStream) -> syn::Result<(Ident, LitInt)> {
    let name: Ident = input.parse().map_err(|e| {
        syn::Error::new(
            e.span(),
            "expected a weight, e.g. `eval { mobility = 76; }`",
        )
    })?;
    input
        .parse::<Token![=]>()
        .map_err(|e| syn::Error::new(e.span(), format!("expected `=` after `{name}`")))?;
    if input.peek(Token![-]) {
        return Err(input.error("evaluation weights are not negative"));
    }
    let value: LitInt = input.parse().map_err(|e| {
        syn::Error::new(
            e.span(),
            format!("`{name}` takes a whole number, e.g. `{name} = 40;`"),
        )
    })?;
    input
        .parse::<Token![;]>()
        .map_err(|e| syn::Error::new(e.span(), format!("expected `;` after `{name} = {value}`")))?;
    Ok((name, value))
}

impl Parse for Item {
    fn parse(input: ParseStream) -> syn::Result<Self> {
        let key: Ident = input.parse().map_err(|e| {
            syn::Error::new(e.span(), "expected an item: `id = ...;`, `pieces = ...;`, `piece ...`, `setup ...`, `eval { ... }` or a rule")
        })?;
        match key.to_string().as_str() {
            "piece" => {
                let name: Ident = input.parse()?;
                let sfen = parse_sfen_token(input)?;
                let body;
                braced!(body in input);
                let mut props = Vec::new();
                while !body.is_empty() {
                    props.push(body.parse()?);
                }
                Ok(Item::Piece(PieceItem { name, sfen, props }))
            }
            "setup" => {
                let number = if input.peek(LitInt) {
                    Some(input.parse()?)
                } else {
                    None
                };
                let like = if input.peek(Ident) && input.fork().parse::<Ident>()? == "like" {
                    input.parse::<Ident>()?;
                    Some(input.parse::<LitInt>().map_err(|e| {
                        syn::Error::new(e.span(), "`like` takes the number of an earlier setup, e.g. `setup 2 like 1 { first = white; }`")
                    })?)
                } else {
                    None
                };
                let body;
                braced!(body in input);
                let mut props = Vec::new();
                while !body.is_empty() {
                    props.push(body.parse()?);
                }
                Ok(Item::Setup(SetupItem {
                    keyword: key,
                    number,
                    like,
                    props,
                }))
            }
            "eval" => {
                if !input.peek(syn::token::Brace) {
                    return Err(input
                        .error("`eval` takes a block of weights, e.g. `eval { mobility = 76; }`"));
                }
                let body;
                braced!(body in input);
                let mut weights = Vec::new();
                while !body.is_empty() {
                    weights.push(parse_weight(&body)?);
                }
                Ok(Item::Eval { key, weights })
            }
            _ => {
                input.parse::<Token![=]>().map_err(|e| {
                    syn::Error::new(e.span(), format!("expected `=` after `{key}`"))
                })?;
                let item = if input.peek(LitStr) {
                    Item::Text {
                        key,
                        value: input.parse()?,
                    }
                } else if input.peek(LitInt) {
                    Item::Size {
                        key,
                        value: input.parse()?,
                    }
                } else if key == "pieces" {
                    let base: Ident = input.parse()?;
                    let (mut with, mut without) = (Vec::new(), Vec::new());
                    while input.peek(Ident) {
                        let w: Ident = input.parse()?;
                        let list_of = match w.to_string().as_str() {
                            "with" => &mut with,
                            "without" => &mut without,
                            _ => {
                                return Err(syn::Error::new(
                                    w.span(),
                                    "expected `with [groups]`, `without [kinds]` or `;`",
                                ))
                            }
                        };
                        let list;
                        bracketed!(list in input);
                        list_of.extend(Punctuated::<Ident, Token![,]>::parse_terminated(&list)?);
                    }
                    Item::Pieces {
                        key,
                        base,
                        with,
                        without,
                    }
                } else {
                    let value: Ident = input.parse()?;
                    let mut options = Vec::new();
                    if input.peek(syn::token::Brace) {
                        let body;
                        braced!(body in input);
                        while !body.is_empty() {
                            let k: Ident = body.parse()?;
                            body.parse::<Token![=]>()?;
                            let v: Ident = body.parse()?;
                            options.push((k, v));
                            if !body.is_empty() {
                                body.parse::<Token![,]>()?;
                            }
                        }
                    }
                    Item::Rule {
                        key,
                        value,
                        options,
                    }
                };
                input.parse::<Token![;]>().map_err(|e| {
                    syn::Error::new(e.span(), "expected `;` at the end of the item")
                })?;
                Ok(item)
            }
        }
    }
}

fn int_of(expr: &Expr) -> syn::Result<i8> {
    match expr {
        Expr::Lit(syn::ExprLit {
            lit: syn::Lit::Int(i),
            ..
        }) => i.base10_parse(),
        Expr::Unary(syn::ExprUnary {
            op: syn::UnOp::Neg(_),
            expr,
            ..
        }) => Ok(-int_of(expr)?),
        other => Err(syn::Error::new_spanned(other, "expected an integer")),
    }
}

impl Parse for MoveTerm {
    fn parse(input: ParseStream) -> syn::Result<Self> {
        let name: Ident = input.parse()?;
        let args = if input.peek(syn::token::Paren) {
            let body;
            parenthesized!(body in input);
            if body.peek(Ident) {
                Some(MoveArgs::Word(body.parse()?))
            } else {
                let range: Option<LitInt> = if body.peek(LitInt) {
                    let n = body.parse()?;
                    body.parse::<Token![,]>()?;
                    Some(n)
                } else {
                    None
                };
                let exprs = Punctuated::<Expr, Token![,]>::parse_terminated(&body)?;
                let mut offsets = Vec::new();
                for e in exprs {
                    match &e {
                        Expr::Tuple(t) if t.elems.len() == 2 => {
                            offsets.push((
                                (int_of(&t.elems[0])?, int_of(&t.elems[1])?),
                                syn::spanned::Spanned::span(&e),
                            ));
                        }
                        _ => {
                            return Err(syn::Error::new_spanned(
                                e,
                                "expected an offset `(right, forward)`, e.g. `(1, 2)`",
                            ))
                        }
                    }
                }
                Some(match range {
                    Some(n) => MoveArgs::Ranged(n, offsets),
                    None => MoveArgs::Offsets(offsets),
                })
            }
        } else {
            None
        };
        Ok(MoveTerm { name, args })
    }
}

impl Parse for PieceProp {
    fn parse(input: ParseStream) -> syn::Result<Self> {
        let key: Ident = input.parse()?;
        if input.peek(Token![;]) {
            input.parse::<Token![;]>()?;
            return Ok(PieceProp::Flag(key));
        }
        input
            .parse::<Token![=]>()
            .map_err(|e| syn::Error::new(e.span(), format!("expected `=` or `;` after `{key}`")))?;
        let prop = match key.to_string().as_str() {
            "moves" => {
                let mut terms = vec![input.parse::<MoveTerm>()?];
                while input.peek(Token![+]) {
                    input.parse::<Token![+]>()?;
                    terms.push(input.parse()?);
                }
                PieceProp::Moves { key, terms }
            }
            "promotes" => {
                let target: Ident = input.parse()?;
                let zone = if input.peek(Token![in]) {
                    input.parse::<Token![in]>()?;
                    Some(input.parse()?)
                } else {
                    None
                };
                PieceProp::Promotes { key, target, zone }
            }
            "captured" if input.peek(syn::token::Brace) => {
                let body;
                braced!(body in input);
                let (mut black, mut white) = (None, None);
                while !body.is_empty() {
                    let side: Ident = body.parse()?;
                    body.parse::<Token![=]>()?;
                    let kind: Ident = body.parse()?;
                    match side.to_string().as_str() {
                        "black" => black = Some(kind),
                        "white" => white = Some(kind),
                        _ => {
                            return Err(syn::Error::new(side.span(), "expected `black` or `white`"))
                        }
                    }
                    if !body.is_empty() {
                        body.parse::<Token![,]>()?;
                    }
                }
                match (black, white) {
                    (Some(black), Some(white)) => PieceProp::Captured { key, black, white },
                    _ => {
                        return Err(syn::Error::new(
                            key.span(),
                            "`captured = { black = kind, white = kind }` needs both sides",
                        ))
                    }
                }
            }
            _ if input.peek(LitInt) => PieceProp::Int {
                key,
                value: input.parse()?,
            },
            _ => PieceProp::Name {
                key,
                value: input.parse()?,
            },
        };
        input
            .parse::<Token![;]>()
            .map_err(|e| syn::Error::new(e.span(), "expected `;` after the property"))?;
        Ok(prop)
    }
}

impl Parse for SetupProp {
    fn parse(input: ParseStream) -> syn::Result<Self> {
        let key: Ident = input.parse()?;
        let prop = if input.peek(Token![=]) {
            input.parse::<Token![=]>()?;
            if input.peek(LitStr) {
                SetupProp::Base {
                    key,
                    board: input.parse()?,
                }
            } else {
                SetupProp::Set {
                    key,
                    value: input.parse()?,
                }
            }
        } else {
            let action: Ident = input.parse()?;
            match action.to_string().as_str() {
                "remove" => {
                    let list;
                    bracketed!(list in input);
                    let mut targets = Vec::new();
                    while !list.is_empty() {
                        if list.peek(LitStr) {
                            targets.push(Target::Square(list.parse()?));
                        } else {
                            targets.push(Target::Kind(list.parse()?));
                        }
                        if !list.is_empty() {
                            list.parse::<Token![,]>()?;
                        }
                    }
                    SetupProp::Remove { side: key, targets }
                }
                "place" => {
                    let body;
                    braced!(body in input);
                    let mut places = Vec::new();
                    while !body.is_empty() {
                        let sq: LitStr = body.parse()?;
                        body.parse::<Token![=]>()?;
                        let kind: Ident = body.parse()?;
                        places.push((sq, kind));
                        if !body.is_empty() {
                            body.parse::<Token![,]>()?;
                        }
                    }
                    SetupProp::Place { side: key, places }
                }
                "replace" => {
                    let from: Ident = input.parse()?;
                    input.parse::<Token![=>]>()?;
                    let to: Ident = input.parse()?;
                    SetupProp::Replace { side: key, from, to }
                }
                _ => {
                    return Err(syn::Error::new(
                        action.span(),
                        format!("unknown setup action `{action}`; expected `remove [...]`, `place {{...}}` or `replace a => b`"),
                    ))
                }
            }
        };
        input
            .parse::<Token![;]>()
            .map_err(|e| syn::Error::new(e.span(), "expected `;` after the setup line"))?;
        Ok(prop)
    }
}
