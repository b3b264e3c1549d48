// Expressions: precedence, parenthesisation and every node but f-strings.
#include "print/expr_printer.hpp"
#include "print/private_names.hpp"

#include <cctype>

#include "code/code_object.hpp"
#include "print/number_literal.hpp"
#include "text/python_repr.hpp"

namespace depyf::print {

using namespace depyf::ast;

namespace {

template <class Items, class Fn>
void join(std::string& out, const Items& items, Fn&& each, const char* separator = ", ") {
  bool first = true;
  for (const auto& item : items) {
    if (!first) out += separator;
    first = false;
    each(item);
  }
}

bool is_non_negative_int_constant(const Expr& e) {
  const auto* c = as<ast::Constant>(&e);
  return c != nullptr && c->value && c->value->kind == depyf::Constant::Kind::Int &&
         (c->value->text.empty() || c->value->text[0] != '-');
}

Prec constant_precedence(const depyf::Constant& c) {
  using Kind = depyf::Constant::Kind;
  switch (c.kind) {
    case Kind::Int: return int_literal(c.text).prec;
    case Kind::Float: return float_literal(c.real).prec;
    case Kind::Complex: return complex_literal(c.real, c.imag).prec;
    default: return Prec::Atom;
  }
}

}  // namespace

// ---- precedence ----

Prec ExprPrinter::precedence(const Expr& e) const {
  switch (e.kind) {
    case ExprKind::BoolOp: return static_cast<const BoolOp&>(e).op == BoolOperator::Or ? Prec::Or : Prec::And;
    case ExprKind::NamedExpr: return Prec::Named;
    case ExprKind::BinOp: return precedence_of(static_cast<const BinOp&>(e).op);
    case ExprKind::UnaryOp: return static_cast<const UnaryOp&>(e).op == UnaryOperator::Not ? Prec::Not : Prec::Factor;
    case ExprKind::Lambda:
    case ExprKind::IfExp: return Prec::Test;
    case ExprKind::Await: return Prec::Await;
    case ExprKind::Yield:
    case ExprKind::YieldFrom: return Prec::Yield;
    case ExprKind::Compare: return Prec::Cmp;
    case ExprKind::Constant: {
      const auto& c = static_cast<const ast::Constant&>(e);
      return c.value ? constant_precedence(*c.value) : Prec::Atom;
    }
    // A starred item never takes parentheses: where it is legal it stands bare.
    case ExprKind::Starred: return Prec::Test;
    case ExprKind::Tuple: return static_cast<const Tuple&>(e).elts.empty() ? Prec::Atom : Prec::Tuple;
    default: return Prec::Atom;
  }
}

// ---- entry points ----

void ExprPrinter::expr(std::string& out, const Expr& e, Prec required) {
  if (e.kind == ExprKind::JoinedStr) {
    joined_str(out, static_cast<const JoinedStr&>(e), required);
    return;
  }
  if (precedence(e) < required) {
    const auto bracketed = breaks_.bracketed();
    out += '(';
    if (e.kind == ExprKind::Tuple) {
      // Inside its own parentheses a tuple may hold a bare walrus.
      tuple_items(out, static_cast<const Tuple&>(e).elts, false);
    } else {
      expr_unparenthesised(out, e);
    }
    out += ')';
  } else if (e.kind == ExprKind::BoolOp && !breaks_.inside_brackets()) {
    bool_op_outside_brackets(out, static_cast<const BoolOp&>(e));
  } else {
    expr_unparenthesised(out, e);
  }
}

void ExprPrinter::element(std::string& out, const Expr& e) {
  if (e.kind == ExprKind::NamedExpr) {
    expr_unparenthesised(out, e);
  } else {
    expr(out, e, Prec::Test);
  }
}

// ---- nodes ----

void ExprPrinter::expr_unparenthesised(std::string& out, const Expr& e) {
  const bool py39 = options_.target >= PythonVersion{3, 9};
  switch (e.kind) {
    case ExprKind::BoolOp: bool_op(out, static_cast<const BoolOp&>(e)); return;
    case ExprKind::NamedExpr: {
      const auto& n = static_cast<const NamedExpr&>(e);
      expr(out, *n.target, Prec::Atom);
      out += " := ";
      expr(out, *n.value, Prec::Test);
      return;
    }
    case ExprKind::BinOp: {
      const auto& n = static_cast<const BinOp&>(e);
      const Prec p = precedence_of(n.op);
      // ** is right-associative and its right operand may be a unary
      // expression (`2 ** -1`); its left operand must be an await/primary.
      const bool power = n.op == Operator::Pow;
      expr(out, *n.left, power ? Prec::Await : p);
      out += ' ';
      out += symbol(n.op);
      out += ' ';
      expr(out, *n.right, power ? Prec::Factor : next(p));
      return;
    }
    case ExprKind::UnaryOp: {
      const auto& n = static_cast<const UnaryOp&>(e);
      out += symbol(n.op);
      expr(out, *n.operand, n.op == UnaryOperator::Not ? Prec::Not : Prec::Factor);
      return;
    }
    case ExprKind::Lambda: {
      const auto& n = static_cast<const Lambda&>(e);
      out += "lambda";
      if (n.args) {
        std::string params;
        arguments(params, *n.args, false);
        if (!params.empty()) out += ' ' + params;
      }
      out += ": ";
      expr(out, *n.body, Prec::Test);
      return;
    }
    case ExprKind::IfExp: {
      const auto& n = static_cast<const IfExp&>(e);
      expr(out, *n.body, Prec::Or);
      out += " if ";
      expr(out, *n.test, Prec::Or);
      out += " else ";
      expr(out, *n.orelse, Prec::Test);
      return;
    }
    case ExprKind::Dict: {
      const auto& n = static_cast<const Dict&>(e);
      const auto bracketed = breaks_.bracketed();
      out += '{';
      for (std::size_t i = 0; i < n.values.size(); ++i) {
        if (i > 0) out += ", ";
        const ExprPtr key = i < n.keys.size() ? n.keys[i] : nullptr;
        if (key) {
          expr(out, *key, Prec::Test);
          out += ": ";
          expr(out, *n.values[i], Prec::Test);
        } else {
          out += "**";
          expr(out, *n.values[i], Prec::BitOr);
        }
      }
      out += '}';
      return;
    }
    case ExprKind::Set: {
      const auto& n = static_cast<const Set&>(e);
      if (n.elts.empty()) {
        out += "{*()}";  // `{}` would be a dict; this builds an empty set
        return;
      }
      const auto bracketed = breaks_.bracketed();
      out += '{';
      join(out, n.elts, [&](const ExprPtr& v) { py39 ? element(out, *v) : expr(out, *v, Prec::Test); });
      out += '}';
      return;
    }
    case ExprKind::ListComp: {
      const auto& n = static_cast<const ListComp&>(e);
      const auto bracketed = breaks_.bracketed();
      out += '[';
      element(out, *n.elt);
      comprehensions(out, *n.elt, n.generators);
      out += ']';
      return;
    }
    case ExprKind::SetComp: {
      const auto& n = static_cast<const SetComp&>(e);
      const auto bracketed = breaks_.bracketed();
      out += '{';
      py39 ? element(out, *n.elt) : expr(out, *n.elt, Prec::Test);
      comprehensions(out, *n.elt, n.generators);
      out += '}';
      return;
    }
    case ExprKind::DictComp: {
      const auto& n = static_cast<const DictComp&>(e);
      const auto bracketed = breaks_.bracketed();
      out += '{';
      expr(out, *n.key, Prec::Test);
      out += ": ";
      expr(out, *n.value, Prec::Test);
      comprehensions(out, *n.key, n.generators);
      out += '}';
      return;
    }
    case ExprKind::GeneratorExp: {
      const auto& n = static_cast<const GeneratorExp&>(e);
      const auto bracketed = breaks_.bracketed();
      out += '(';
      element(out, *n.elt);
      comprehensions(out, *n.elt, n.generators);
      out += ')';
      return;
    }
    case ExprKind::Await:
      out += "await ";
      expr(out, *static_cast<const Await&>(e).value, Prec::Atom);
      return;
    case ExprKind::Yield: {
      const auto& n = static_cast<const Yield&>(e);
      out += "yield";
      if (n.value) {
        out += ' ';
        expr(out, *n.value, Prec::Tuple);
      }
      return;
    }
    case ExprKind::YieldFrom:
      out += "yield from ";
      expr(out, *static_cast<const YieldFrom&>(e).value, Prec::Test);
      return;
    case ExprKind::Compare: {
      const auto& n = static_cast<const Compare&>(e);
      // Operands are bitwise-or level: a nested comparison gets parentheses,
      // otherwise it would read as part of this chain.
      expr(out, *n.left, Prec::BitOr);
      for (std::size_t i = 0; i < n.ops.size() && i < n.comparators.size(); ++i) {
        out += ' ';
        out += symbol(n.ops[i]);
        out += ' ';
        expr(out, *n.comparators[i], Prec::BitOr);
      }
      return;
    }
    case ExprKind::Call: {
      const auto& n = static_cast<const Call&>(e);
      expr(out, *n.func, Prec::Atom);
      breaks_.note_piece(first_line(*n.func));
      const auto bracketed = breaks_.bracketed();
      out += '(';
      call_arguments(out, n.args, n.keywords);
      out += ')';
      return;
    }
    case ExprKind::FormattedValue: {
      // Only meaningful inside a JoinedStr; alone it prints as f'{...}'.
      JoinedStr wrapper;
      wrapper.values.push_back(std::make_shared<FormattedValue>(static_cast<const FormattedValue&>(e)));
      joined_str(out, wrapper, Prec::Atom);
      return;
    }
    case ExprKind::JoinedStr: joined_str(out, static_cast<const JoinedStr&>(e), Prec::Atom); return;
    case ExprKind::Interpolation: {
      // Only meaningful inside a TemplateStr; alone it prints as t'{...}'.
      TemplateStr wrapper;
      wrapper.values.push_back(std::make_shared<Interpolation>(static_cast<const Interpolation&>(e)));
      template_str(out, wrapper);
      return;
    }
    case ExprKind::TemplateStr: template_str(out, static_cast<const TemplateStr&>(e)); return;
    case ExprKind::Constant: {
      const auto& n = static_cast<const ast::Constant&>(e);
      if (!n.value) {
        out += "None";
        return;
      }
      if (n.kind_prefix && n.value->kind == depyf::Constant::Kind::Str) out += *n.kind_prefix;
      constant(out, *n.value);
      return;
    }
    case ExprKind::Attribute: {
      const auto& n = static_cast<const Attribute&>(e);
      // `1.real` would read as the float `1.` followed by a name.
      if (is_non_negative_int_constant(*n.value)) {
        out += '(';
        expr(out, *n.value, Prec::Atom);
        out += ')';
      } else {
        expr(out, *n.value, Prec::Atom);
      }
      out += '.';
      out += source_name(n.attr);
      return;
    }
    case ExprKind::Subscript: {
      const auto& n = static_cast<const Subscript&>(e);
      expr(out, *n.value, Prec::Atom);
      const auto bracketed = breaks_.bracketed();
      out += '[';
      subscript_slice(out, *n.slice);
      out += ']';
      return;
    }
    case ExprKind::Starred:
      out += '*';
      expr(out, *static_cast<const Starred&>(e).value, Prec::BitOr);
      return;
    case ExprKind::Name: out += source_name(static_cast<const Name&>(e).id); return;
    case ExprKind::List: {
      const auto bracketed = breaks_.bracketed();
      out += '[';
      bool first = true;
      for (const ExprPtr& v : static_cast<const List&>(e).elts) {
        item_separator(out, first, *v);
        element(out, *v);
      }
      out += ']';
      return;
    }
    case ExprKind::Tuple: {
      const auto& n = static_cast<const Tuple&>(e);
      if (n.elts.empty()) {
        out += "()";
      } else {
        // Reached only where a bare tuple is legal: items may not be a walrus.
        join(out, n.elts, [&](const ExprPtr& v) { expr(out, *v, Prec::Test); });
        if (n.elts.size() == 1) out += ',';
      }
      return;
    }
    case ExprKind::Slice: slice(out, static_cast<const ast::Slice&>(e)); return;
  }
}

// Items of a tuple written inside parentheses or brackets.
void ExprPrinter::tuple_items(std::string& out, const std::vector<ExprPtr>& elts, bool slices_allowed) {
  bool first = true;
  for (const ExprPtr& v : elts) {
    item_separator(out, first, *v);
    if (slices_allowed && v->kind == ExprKind::Slice) {
      slice(out, static_cast<const ast::Slice&>(*v));
    } else if (slices_allowed && options_.target < PythonVersion{3, 10}) {
      expr(out, *v, Prec::Test);  // before 3.10 a subscript holds no bare walrus
    } else {
      element(out, *v);
    }
  }
  if (elts.size() == 1) out += ',';
}

// The `, ` before an item of a bracketed list (arguments, tuple or list
// items), or a comma and a new line where the item began on a later line
// than what came before it in the original (see call_arguments); nothing
// before the first item.
void ExprPrinter::item_separator(std::string& out, bool& first, const Expr& item) {
  if (first) {
    first = false;
    breaks_.note_piece(first_line(item));
    return;
  }
  out += ',';
  if (!breaks_.before_piece(out, first_line(item))) out += ' ';
}

void ExprPrinter::subscript_slice(std::string& out, const Expr& s) {
  const bool py310 = options_.target >= PythonVersion{3, 10};
  const bool py311 = options_.target >= PythonVersion{3, 11};
  if (const auto* t = as<Tuple>(&s); t != nullptr && !t->elts.empty()) {
    bool starred = false;
    for (const auto& v : t->elts) starred = starred || v->kind == ExprKind::Starred;
    if (starred && !py311) {
      // `x[*a]` is 3.11 syntax; before that the tuple needs parentheses.
      out += '(';
      tuple_items(out, t->elts, false);
      out += ')';
    } else if (starred && t->elts.size() == 1) {
      expr(out, *t->elts[0], Prec::Test);  // `x[*a]` is already a one-tuple
    } else {
      tuple_items(out, t->elts, true);  // `x[a, b]`, `x[a,]`, `x[1:2, ::3]`
    }
    return;
  }
  if (const auto* sl = as<ast::Slice>(&s)) {
    slice(out, *sl);
    return;
  }
  if (py310) {
    element(out, s);
  } else {
    expr(out, s, Prec::Test);
  }
}

void ExprPrinter::slice(std::string& out, const ast::Slice& s) {
  if (s.lower) expr(out, *s.lower, Prec::Test);
  out += ':';
  if (s.upper) expr(out, *s.upper, Prec::Test);
  if (s.step) {
    out += ':';
    expr(out, *s.step, Prec::Test);
  }
}

// The clauses after the element, each on a new line where the original's
// was (line_breaks.hpp); the caller has printed `element`.
void ExprPrinter::comprehensions(std::string& out, const Expr& element, const std::vector<Comprehension>& generators) {
  breaks_.note_piece(first_line(element));
  for (const auto& g : generators) {
    // A clause's line is its target's: the loop stores it first (the first
    // iterable is evaluated outside, by the enclosing code).
    const int line = first_line(*g.target);
    if (!breaks_.before_piece(out, line > 0 ? line : first_line(*g.iter))) out += ' ';
    out += g.is_async ? "async for " : "for ";
    expr(out, *g.target, Prec::Tuple);
    out += " in ";
    expr(out, *g.iter, Prec::Or);
    for (const auto& condition : g.ifs) {
      if (!breaks_.before_piece(out, first_line(*condition))) out += ' ';
      out += "if ";
      expr(out, *condition, Prec::Or);
    }
  }
}

void ExprPrinter::bool_op(std::string& out, const BoolOp& e) {
  // Operands bind tighter than the operator; a nested BoolOp of the same
  // operator needs parentheses, or it would flatten into this one.
  const Prec operand = next(precedence(e));
  for (std::size_t i = 0; i < e.values.size(); ++i) {
    const Expr& value = *e.values[i];
    if (i == 0) {
      // An and/or that starts on an earlier line than its first operand:
      // that operand was a parenthesised group opened on the and/or's line,
      // its text on a later one (`(\n a and b) or c`). 3.10/3.11 thread the
      // operand's jumps through the and/or's only on one line.
      const int own = first_line(value);
      if (e.lineno > 0 && own > e.lineno && breaks_.inside_brackets()) {
        breaks_.note_piece(e.lineno);
        const auto bracketed = breaks_.bracketed();
        out += '(';
        breaks_.before_piece(out, own);
        expr(out, value, operand);
        out += ')';
        continue;
      }
      breaks_.note_piece(own);
    } else {
      out += ' ';
      out += symbol(e.op);
      if (!breaks_.before_piece(out, first_line(value))) out += ' ';
    }
    expr(out, value, operand);
  }
}

void ExprPrinter::bool_op_outside_brackets(std::string& out, const BoolOp& e) {
  std::string text;
  const int before = breaks_.breaks();
  {
    const auto bracketed = breaks_.bracketed();
    bool_op(text, e);
  }
  if (breaks_.breaks() == before) {
    out += text;
  } else {
    out += '(';
    out += text;
    out += ')';
  }
}

void ExprPrinter::call_arguments(std::string& out, const std::vector<ExprPtr>& args,
                                 const std::vector<Keyword>& keywords) {
  // A generator expression that is the only argument needs no parentheses
  // of its own: `f(x for x in y)`.
  if (args.size() == 1 && keywords.empty() && args[0]->kind == ExprKind::GeneratorExp) {
    const auto& g = static_cast<const GeneratorExp&>(*args[0]);
    if (options_.target >= PythonVersion{3, 9}) {
      element(out, *g.elt);
    } else {
      expr(out, *g.elt, Prec::Test);
    }
    comprehensions(out, *g.elt, g.generators);
    return;
  }
  // Each argument on a new line where the original's began on a later line
  // than what came before it (line_breaks.hpp): 3.13+ fuse two LOAD_FASTs
  // of one line into one instruction, and 3.14+ borrow neither half of a
  // fused pair when one half must stay strong (a value still on the stack
  // at a conditional expression's jump), so in `f(a,\n b if c else d)` b
  // and c load differently when written on one line.
  bool first = true;
  for (const auto& a : args) {
    item_separator(out, first, *a);
    element(out, *a);
  }
  for (const auto& k : keywords) {
    item_separator(out, first, *k.value);
    if (k.arg) {
      out += *k.arg;
      out += '=';
      expr(out, *k.value, Prec::Test);
    } else {
      out += "**";
      expr(out, *k.value, Prec::BitOr);
    }
  }
}

std::string ExprPrinter::source_name(const std::string& name) const { return unmangle(name, private_prefix_); }

void ExprPrinter::arguments(std::string& out, const Arguments& a, bool annotations) {
  bool first = true;
  auto separator = [&] {
    if (!first) out += ", ";
    first = false;
  };
  auto parameter = [&](const Arg& arg, const ExprPtr& default_value) {
    separator();
    out += source_name(arg.arg);
    const bool annotated = annotations && arg.annotation;
    if (annotated) {
      out += ": ";
      expr(out, *arg.annotation, Prec::Test);
    }
    if (default_value) {
      out += annotated ? " = " : "=";
      expr(out, *default_value, Prec::Test);
    }
  };

  const std::size_t positional = a.posonlyargs.size() + a.args.size();
  const std::size_t first_default = positional >= a.defaults.size() ? positional - a.defaults.size() : 0;
  for (std::size_t i = 0; i < positional; ++i) {
    const Arg& arg = i < a.posonlyargs.size() ? a.posonlyargs[i] : a.args[i - a.posonlyargs.size()];
    parameter(arg, i >= first_default ? a.defaults[i - first_default] : nullptr);
    if (i + 1 == a.posonlyargs.size()) {
      separator();
      out += '/';
    }
  }
  if (a.vararg) {
    separator();
    out += '*';
    out += a.vararg->arg;
    if (annotations && a.vararg->annotation) {
      out += ": ";
      expr(out, *a.vararg->annotation, Prec::Test);  // `*args: *Ts` prints the star itself
    }
  } else if (!a.kwonlyargs.empty()) {
    separator();
    out += '*';
  }
  for (std::size_t i = 0; i < a.kwonlyargs.size(); ++i) {
    parameter(a.kwonlyargs[i], i < a.kw_defaults.size() ? a.kw_defaults[i] : nullptr);
  }
  if (a.kwarg) {
    separator();
    out += "**";
    out += a.kwarg->arg;
    if (annotations && a.kwarg->annotation) {
      out += ": ";
      expr(out, *a.kwarg->annotation, Prec::Test);
    }
  }
}

void ExprPrinter::type_params(std::string& out, const std::vector<TypeParam>& params) {
  if (params.empty()) return;
  out += '[';
  join(out, params, [&](const TypeParam& p) {
    switch (p.kind) {
      case TypeParam::Kind::TypeVar: break;
      case TypeParam::Kind::ParamSpec: out += "**"; break;
      case TypeParam::Kind::TypeVarTuple: out += '*'; break;
    }
    out += p.name;
    if (p.bound) {
      out += ": ";
      expr(out, *p.bound, Prec::Test);
    }
    if (p.default_value) {
      out += " = ";
      expr(out, *p.default_value, Prec::Test);
    }
  });
  out += ']';
}

// ---- constants ----

void ExprPrinter::constant(std::string& out, const depyf::Constant& c) {
  using Kind = depyf::Constant::Kind;
  switch (c.kind) {
    case Kind::None: out += "None"; return;
    case Kind::Ellipsis: out += "..."; return;
    case Kind::StopIteration: out += "StopIteration"; return;
    case Kind::Bool: out += c.boolean ? "True" : "False"; return;
    case Kind::Int: out += int_literal(c.text).text; return;
    case Kind::Float: out += float_literal(c.real).text; return;
    case Kind::Complex: out += complex_literal(c.real, c.imag).text; return;
    case Kind::Str: string_literal(out, repr_str(c.text)); return;
    case Kind::Bytes: string_literal(out, repr_bytes(c.text)); return;
    case Kind::Tuple: constant_items(out, c, "(", ")", true); return;
    case Kind::List: constant_items(out, c, "[", "]", false); return;
    case Kind::Set:
      if (c.items.empty()) {
        out += "set()";
      } else {
        constant_items(out, c, "{", "}", false);
      }
      return;
    case Kind::FrozenSet:
      // co_consts holds a frozenset for `x in {1, 2}`, written as a set display.
      if (c.items.empty()) {
        out += "frozenset()";
      } else {
        constant_items(out, c, "{", "}", false);
      }
      return;
    case Kind::Dict:
    case Kind::FrozenDict:
      if (c.kind == Kind::FrozenDict) out += "frozendict(";
      out += '{';
      for (std::size_t i = 0; i + 1 < c.items.size(); i += 2) {
        if (i > 0) out += ", ";
        constant(out, *c.items[i]);
        out += ": ";
        constant(out, *c.items[i + 1]);
      }
      out += '}';
      if (c.kind == Kind::FrozenDict) out += ')';
      return;
    case Kind::Slice: constant_items(out, c, "slice(", ")", false); return;
    case Kind::Code:
    case Kind::Opaque:
      if (options_.opaque_constant) {
        out += options_.opaque_constant(c);
      } else if (c.kind == Kind::Code && c.opaque_index < 0) {
        // A code object used as a plain value (generated code does this);
        // an identifier, so the output still parses.
        out += "__depyf_code_";
        for (char ch : c.code ? c.code->name : std::string("unknown"))
          out += std::isalnum(static_cast<unsigned char>(ch)) || ch == '_' ? ch : '_';
      } else {
        out += "__depyf_opaque_" + std::to_string(c.opaque_index);
      }
      return;
  }
}

void ExprPrinter::constant_items(std::string& out, const depyf::Constant& c, const char* open, const char* close,
                                 bool one_tuple) {
  out += open;
  join(out, c.items, [&](const depyf::ConstantPtr& item) {
    if (!item) {
      out += "None";
      return;
    }
    // An item is an expression in a display: `(-1, 2)` needs no parentheses
    // around -1, and no item of a constant is looser than that.
    constant(out, *item);
  });
  if (one_tuple && c.items.size() == 1) out += ',';
  out += close;
}

void ExprPrinter::string_literal(std::string& out, const std::string& repr) {
  if (!strings_.restricted()) {
    out += repr;
    return;
  }
  // Inside an f-string field: find a quote that neither closes an enclosing
  // literal nor needs a forbidden backslash.
  const Quote natural = repr_quote(repr);
  const Quote other = natural == Quote::Single ? Quote::Double : Quote::Single;
  const std::string_view prefix = repr_prefix(repr);
  for (Quote q : {natural, other, Quote::TripleSingle, Quote::TripleDouble}) {
    auto body = requote_body(repr, q, !strings_.no_backslash);
    if (!body) continue;
    std::string literal(prefix);
    literal += quote_text(q);
    literal += *body;
    literal += quote_text(q);
    bool clashes = false;
    for (const auto& closing : strings_.closing_quotes) clashes = clashes || literal.find(closing) != std::string::npos;
    if (clashes) continue;
    out += literal;
    return;
  }
  failed_ = true;
  out += repr;
}

}  // namespace depyf::print
