#include "ast/dump.hpp"

#include <cmath>

#include "code/code_object.hpp"
#include "text/python_repr.hpp"

namespace depyf::ast {

namespace {

const char* name_of(Operator op) {
  static const char* const names[] = {"Add",    "Sub",    "Mult",  "MatMult", "Div",    "Mod",     "Pow",
                                      "LShift", "RShift", "BitOr", "BitXor",  "BitAnd", "FloorDiv"};
  return names[static_cast<int>(op)];
}
const char* name_of(UnaryOperator op) {
  static const char* const names[] = {"Invert", "Not", "UAdd", "USub"};
  return names[static_cast<int>(op)];
}
const char* name_of(CmpOp op) {
  static const char* const names[] = {"Eq", "NotEq", "Lt", "LtE", "Gt", "GtE", "Is", "IsNot", "In", "NotIn"};
  return names[static_cast<int>(op)];
}

// Builds `Name(field=value, ...)`.
class Writer {
 public:
  std::string text;

  Writer& open(const char* node) {
    text += node;
    text += '(';
    first_.push_back(true);
    return *this;
  }
  Writer& close() {
    text += ')';
    first_.pop_back();
    return *this;
  }
  Writer& field(const char* name) {
    if (!first_.back()) text += ", ";
    first_.back() = false;
    text += name;
    text += '=';
    return *this;
  }
  // Fields whose value is written by a callback.
  template <class Fn>
  Writer& field(const char* name, Fn&& value) {
    field(name);
    value();
    return *this;
  }

 private:
  std::vector<bool> first_;
};

class Dumper {
 public:
  std::string take() { return std::move(w_.text); }

  void str(const std::string& s) { w_.text += repr_str(s); }
  void opt_str(const std::optional<std::string>& s) { s ? str(*s) : void(w_.text += "None"); }
  void raw(const std::string& s) { w_.text += s; }

  template <class T, class Fn>
  void list(const std::vector<T>& items, Fn&& each) {
    w_.text += '[';
    for (std::size_t i = 0; i < items.size(); ++i) {
      if (i) w_.text += ", ";
      each(items[i]);
    }
    w_.text += ']';
  }
  void exprs(const std::vector<ExprPtr>& items) {
    list(items, [&](const ExprPtr& e) { expr(e.get()); });
  }
  void body(const Body& items) {
    list(items, [&](const StmtPtr& s) { stmt(*s); });
  }
  void patterns(const std::vector<PatternPtr>& items) {
    list(items, [&](const PatternPtr& p) { pattern(*p); });
  }
  void names(const std::vector<std::string>& items) {
    list(items, [&](const std::string& s) { str(s); });
  }

  void float_value(double v) {
    if (std::isnan(v)) {
      raw("float('nan')");
    } else if (std::isinf(v)) {
      raw(v > 0 ? "float('inf')" : "-float('inf')");
    } else {
      raw(repr_float(v));
    }
  }

  void constant(const depyf::Constant& c) {
    using Kind = depyf::Constant::Kind;
    switch (c.kind) {
      case Kind::None: raw("None"); return;
      case Kind::Ellipsis: raw("..."); return;
      case Kind::StopIteration: raw("StopIteration"); return;
      case Kind::Bool: raw(c.boolean ? "True" : "False"); return;
      case Kind::Int: raw(c.text); return;
      case Kind::Float: float_value(c.real); return;
      case Kind::Complex:
        raw("complex(");
        float_value(c.real);
        raw(", ");
        float_value(c.imag);
        raw(")");
        return;
      case Kind::Str: str(c.text); return;
      case Kind::Bytes: raw(repr_bytes(c.text)); return;
      case Kind::Tuple:
      case Kind::List:
      case Kind::Set:
      case Kind::FrozenSet: {
        const bool frozen = c.kind == Kind::FrozenSet;
        const bool set = frozen || c.kind == Kind::Set;
        raw(frozen ? "frozenset({" : set ? "{" : c.kind == Kind::List ? "[" : "(");
        for (std::size_t i = 0; i < c.items.size(); ++i) {
          if (i) raw(", ");
          constant(*c.items[i]);
        }
        if (c.kind == Kind::Tuple && c.items.size() == 1) raw(",");
        raw(frozen ? "})" : set ? "}" : c.kind == Kind::List ? "]" : ")");
        return;
      }
      default: raw(repr_constant(c)); return;  // no Python literal; readable at least
    }
  }

  void arg(const Arg& a) {
    w_.open("arg").field("arg", [&] { str(a.arg); }).field("annotation", [&] { expr(a.annotation.get()); }).close();
  }
  void opt_arg(const std::optional<Arg>& a) { a ? arg(*a) : raw("None"); }

  void arguments(const Arguments* a) {
    static const Arguments empty;
    if (!a) a = &empty;
    w_.open("arguments");
    w_.field("posonlyargs", [&] { list(a->posonlyargs, [&](const Arg& x) { arg(x); }); });
    w_.field("args", [&] { list(a->args, [&](const Arg& x) { arg(x); }); });
    w_.field("vararg", [&] { opt_arg(a->vararg); });
    w_.field("kwonlyargs", [&] { list(a->kwonlyargs, [&](const Arg& x) { arg(x); }); });
    w_.field("kw_defaults", [&] { exprs(a->kw_defaults); });
    w_.field("kwarg", [&] { opt_arg(a->kwarg); });
    w_.field("defaults", [&] { exprs(a->defaults); });
    w_.close();
  }

  void keywords(const std::vector<Keyword>& items) {
    list(items, [&](const Keyword& k) {
      w_.open("keyword").field("arg", [&] { opt_str(k.arg); }).field("value", [&] { expr(k.value.get()); }).close();
    });
  }

  void generators(const std::vector<Comprehension>& items) {
    list(items, [&](const Comprehension& c) {
      w_.open("comprehension");
      w_.field("target", [&] { expr(c.target.get()); });
      w_.field("iter", [&] { expr(c.iter.get()); });
      w_.field("ifs", [&] { exprs(c.ifs); });
      w_.field("is_async", [&] { raw(c.is_async ? "1" : "0"); });
      w_.close();
    });
  }

  void type_params(const std::vector<TypeParam>& params) {
    if (params.empty()) return;
    w_.field("type_params", [&] {
      list(params, [&](const TypeParam& p) {
        w_.open(p.kind == TypeParam::Kind::TypeVar     ? "TypeVar"
                : p.kind == TypeParam::Kind::ParamSpec ? "ParamSpec"
                                                       : "TypeVarTuple");
        w_.field("name", [&] { str(p.name); });
        if (p.kind == TypeParam::Kind::TypeVar) w_.field("bound", [&] { expr(p.bound.get()); });
        if (p.default_value) w_.field("default_value", [&] { expr(p.default_value.get()); });
        w_.close();
      });
    });
  }

  void expr(const Expr* e);
  void stmt(const Stmt& s);
  void pattern(const Pattern& p);

  Writer w_;
};

void Dumper::expr(const Expr* e) {
  if (!e) {
    raw("None");
    return;
  }
  auto f = [&](const char* name, const ExprPtr& value) { w_.field(name, [&] { expr(value.get()); }); };
  auto fl = [&](const char* name, const std::vector<ExprPtr>& values) { w_.field(name, [&] { exprs(values); }); };
  switch (e->kind) {
    case ExprKind::BoolOp: {
      const auto& n = static_cast<const BoolOp&>(*e);
      w_.open("BoolOp").field("op", [&] { raw(n.op == BoolOperator::And ? "And()" : "Or()"); });
      fl("values", n.values);
      break;
    }
    case ExprKind::NamedExpr: {
      const auto& n = static_cast<const NamedExpr&>(*e);
      w_.open("NamedExpr");
      f("target", n.target);
      f("value", n.value);
      break;
    }
    case ExprKind::BinOp: {
      const auto& n = static_cast<const BinOp&>(*e);
      w_.open("BinOp");
      f("left", n.left);
      w_.field("op", [&] { raw(std::string(name_of(n.op)) + "()"); });
      f("right", n.right);
      break;
    }
    case ExprKind::UnaryOp: {
      const auto& n = static_cast<const UnaryOp&>(*e);
      w_.open("UnaryOp").field("op", [&] { raw(std::string(name_of(n.op)) + "()"); });
      f("operand", n.operand);
      break;
    }
    case ExprKind::Lambda: {
      const auto& n = static_cast<const Lambda&>(*e);
      w_.open("Lambda").field("args", [&] { arguments(n.args.get()); });
      f("body", n.body);
      break;
    }
    case ExprKind::IfExp: {
      const auto& n = static_cast<const IfExp&>(*e);
      w_.open("IfExp");
      f("test", n.test);
      f("body", n.body);
      f("orelse", n.orelse);
      break;
    }
    case ExprKind::Dict: {
      const auto& n = static_cast<const Dict&>(*e);
      w_.open("Dict");
      fl("keys", n.keys);
      fl("values", n.values);
      break;
    }
    case ExprKind::Set:
      w_.open("Set");
      fl("elts", static_cast<const Set&>(*e).elts);
      break;
    case ExprKind::ListComp:
    case ExprKind::SetComp:
    case ExprKind::GeneratorExp: {
      const char* name = e->kind == ExprKind::ListComp  ? "ListComp"
                         : e->kind == ExprKind::SetComp ? "SetComp"
                                                        : "GeneratorExp";
      const ExprPtr& elt = e->kind == ExprKind::ListComp  ? static_cast<const ListComp&>(*e).elt
                           : e->kind == ExprKind::SetComp ? static_cast<const SetComp&>(*e).elt
                                                          : static_cast<const GeneratorExp&>(*e).elt;
      const auto& gens = e->kind == ExprKind::ListComp  ? static_cast<const ListComp&>(*e).generators
                         : e->kind == ExprKind::SetComp ? static_cast<const SetComp&>(*e).generators
                                                        : static_cast<const GeneratorExp&>(*e).generators;
      w_.open(name);
      f("elt", elt);
      w_.field("generators", [&] { generators(gens); });
      break;
    }
    case ExprKind::DictComp: {
      const auto& n = static_cast<const DictComp&>(*e);
      w_.open("DictComp");
      f("key", n.key);
      f("value", n.value);
      w_.field("generators", [&] { generators(n.generators); });
      break;
    }
    case ExprKind::Await:
      w_.open("Await");
      f("value", static_cast<const Await&>(*e).value);
      break;
    case ExprKind::Yield:
      w_.open("Yield");
      f("value", static_cast<const Yield&>(*e).value);
      break;
    case ExprKind::YieldFrom:
      w_.open("YieldFrom");
      f("value", static_cast<const YieldFrom&>(*e).value);
      break;
    case ExprKind::Compare: {
      const auto& n = static_cast<const Compare&>(*e);
      w_.open("Compare");
      f("left", n.left);
      w_.field("ops", [&] { list(n.ops, [&](CmpOp op) { raw(std::string(name_of(op)) + "()"); }); });
      fl("comparators", n.comparators);
      break;
    }
    case ExprKind::Call: {
      const auto& n = static_cast<const Call&>(*e);
      w_.open("Call");
      f("func", n.func);
      fl("args", n.args);
      w_.field("keywords", [&] { keywords(n.keywords); });
      break;
    }
    case ExprKind::FormattedValue: {
      const auto& n = static_cast<const FormattedValue&>(*e);
      w_.open("FormattedValue");
      f("value", n.value);
      w_.field("conversion", [&] { raw(std::to_string(n.conversion)); });
      f("format_spec", n.format_spec);
      break;
    }
    case ExprKind::JoinedStr:
      w_.open("JoinedStr");
      fl("values", static_cast<const JoinedStr&>(*e).values);
      break;
    case ExprKind::Interpolation: {
      const auto& n = static_cast<const Interpolation&>(*e);
      w_.open("Interpolation");
      f("value", n.value);
      f("str", n.str);
      w_.field("conversion", [&] { raw(std::to_string(n.conversion)); });
      f("format_spec", n.format_spec);
      break;
    }
    case ExprKind::TemplateStr:
      w_.open("TemplateStr");
      fl("values", static_cast<const TemplateStr&>(*e).values);
      break;
    case ExprKind::Constant: {
      const auto& n = static_cast<const Constant&>(*e);
      w_.open("Constant").field("value", [&] { n.value ? constant(*n.value) : raw("None"); });
      if (n.kind_prefix) w_.field("kind", [&] { str(*n.kind_prefix); });
      break;
    }
    case ExprKind::Attribute: {
      const auto& n = static_cast<const Attribute&>(*e);
      w_.open("Attribute");
      f("value", n.value);
      w_.field("attr", [&] { str(n.attr); });
      break;
    }
    case ExprKind::Subscript: {
      const auto& n = static_cast<const Subscript&>(*e);
      w_.open("Subscript");
      f("value", n.value);
      f("slice", n.slice);
      break;
    }
    case ExprKind::Starred:
      w_.open("Starred");
      f("value", static_cast<const Starred&>(*e).value);
      break;
    case ExprKind::Name: w_.open("Name").field("id", [&] { str(static_cast<const Name&>(*e).id); }); break;
    case ExprKind::List:
      w_.open("List");
      fl("elts", static_cast<const List&>(*e).elts);
      break;
    case ExprKind::Tuple:
      w_.open("Tuple");
      fl("elts", static_cast<const Tuple&>(*e).elts);
      break;
    case ExprKind::Slice: {
      const auto& n = static_cast<const Slice&>(*e);
      w_.open("Slice");
      f("lower", n.lower);
      f("upper", n.upper);
      f("step", n.step);
      break;
    }
  }
  w_.close();
}

void Dumper::stmt(const Stmt& s) {
  auto f = [&](const char* name, const ExprPtr& value) { w_.field(name, [&] { expr(value.get()); }); };
  auto b = [&](const char* name, const Body& value) { w_.field(name, [&] { body(value); }); };
  auto function = [&](const char* node, const auto& n) {
    w_.open(node).field("name", [&] { str(n.name); }).field("args", [&] { arguments(n.args.get()); });
    b("body", n.body);
    w_.field("decorator_list", [&] { exprs(n.decorator_list); });
    f("returns", n.returns);
    type_params(n.type_params);
  };
  auto loop = [&](const char* node, const auto& n) {
    w_.open(node);
    f("target", n.target);
    f("iter", n.iter);
    b("body", n.body);
    b("orelse", n.orelse);
  };
  auto with = [&](const char* node, const auto& n) {
    w_.open(node).field("items", [&] {
      list(n.items, [&](const WithItem& item) {
        w_.open("withitem");
        f("context_expr", item.context_expr);
        f("optional_vars", item.optional_vars);
        w_.close();
      });
    });
    b("body", n.body);
  };
  auto try_ = [&](const char* node, const auto& n) {
    w_.open(node);
    b("body", n.body);
    w_.field("handlers", [&] {
      list(n.handlers, [&](const ExceptHandler& h) {
        w_.open("ExceptHandler");
        f("type", h.type);
        w_.field("name", [&] { opt_str(h.name); });
        b("body", h.body);
        w_.close();
      });
    });
    b("orelse", n.orelse);
    b("finalbody", n.finalbody);
  };
  auto aliases = [&](const std::vector<Alias>& items) {
    list(items, [&](const Alias& a) {
      w_.open("alias").field("name", [&] { str(a.name); }).field("asname", [&] { opt_str(a.asname); }).close();
    });
  };

  switch (s.kind) {
    case StmtKind::FunctionDef: function("FunctionDef", static_cast<const FunctionDef&>(s)); break;
    case StmtKind::AsyncFunctionDef: function("AsyncFunctionDef", static_cast<const AsyncFunctionDef&>(s)); break;
    case StmtKind::ClassDef: {
      const auto& n = static_cast<const ClassDef&>(s);
      w_.open("ClassDef").field("name", [&] { str(n.name); }).field("bases", [&] { exprs(n.bases); });
      w_.field("keywords", [&] { keywords(n.keywords); });
      b("body", n.body);
      w_.field("decorator_list", [&] { exprs(n.decorator_list); });
      type_params(n.type_params);
      break;
    }
    case StmtKind::Return:
      w_.open("Return");
      f("value", static_cast<const Return&>(s).value);
      break;
    case StmtKind::Delete:
      w_.open("Delete").field("targets", [&] { exprs(static_cast<const Delete&>(s).targets); });
      break;
    case StmtKind::Assign: {
      const auto& n = static_cast<const Assign&>(s);
      w_.open("Assign").field("targets", [&] { exprs(n.targets); });
      f("value", n.value);
      break;
    }
    case StmtKind::TypeAlias: {
      const auto& n = static_cast<const TypeAlias&>(s);
      w_.open("TypeAlias");
      f("name", n.name);
      type_params(n.type_params);
      if (n.type_params.empty()) w_.field("type_params", [&] { raw("[]"); });
      f("value", n.value);
      break;
    }
    case StmtKind::AugAssign: {
      const auto& n = static_cast<const AugAssign&>(s);
      w_.open("AugAssign");
      f("target", n.target);
      w_.field("op", [&] { raw(std::string(name_of(n.op)) + "()"); });
      f("value", n.value);
      break;
    }
    case StmtKind::AnnAssign: {
      const auto& n = static_cast<const AnnAssign&>(s);
      w_.open("AnnAssign");
      f("target", n.target);
      f("annotation", n.annotation);
      f("value", n.value);
      w_.field("simple", [&] { raw(n.simple ? "1" : "0"); });
      break;
    }
    case StmtKind::For: loop("For", static_cast<const For&>(s)); break;
    case StmtKind::AsyncFor: loop("AsyncFor", static_cast<const AsyncFor&>(s)); break;
    case StmtKind::While: {
      const auto& n = static_cast<const While&>(s);
      w_.open("While");
      f("test", n.test);
      b("body", n.body);
      b("orelse", n.orelse);
      break;
    }
    case StmtKind::If: {
      const auto& n = static_cast<const If&>(s);
      w_.open("If");
      f("test", n.test);
      b("body", n.body);
      b("orelse", n.orelse);
      break;
    }
    case StmtKind::With: with("With", static_cast<const With&>(s)); break;
    case StmtKind::AsyncWith: with("AsyncWith", static_cast<const AsyncWith&>(s)); break;
    case StmtKind::Match: {
      const auto& n = static_cast<const Match&>(s);
      w_.open("Match");
      f("subject", n.subject);
      w_.field("cases", [&] {
        list(n.cases, [&](const MatchCase& c) {
          w_.open("match_case").field("pattern", [&] { pattern(*c.pattern); });
          f("guard", c.guard);
          b("body", c.body);
          w_.close();
        });
      });
      break;
    }
    case StmtKind::Raise: {
      const auto& n = static_cast<const Raise&>(s);
      w_.open("Raise");
      f("exc", n.exc);
      f("cause", n.cause);
      break;
    }
    case StmtKind::Try: try_("Try", static_cast<const Try&>(s)); break;
    case StmtKind::TryStar: try_("TryStar", static_cast<const TryStar&>(s)); break;
    case StmtKind::Assert: {
      const auto& n = static_cast<const Assert&>(s);
      w_.open("Assert");
      f("test", n.test);
      f("msg", n.msg);
      break;
    }
    case StmtKind::Import:
      w_.open("Import").field("names", [&] { aliases(static_cast<const Import&>(s).names); });
      break;
    case StmtKind::ImportFrom: {
      const auto& n = static_cast<const ImportFrom&>(s);
      w_.open("ImportFrom").field("module", [&] { opt_str(n.module); });
      w_.field("names", [&] { aliases(n.names); }).field("level", [&] { raw(std::to_string(n.level)); });
      break;
    }
    case StmtKind::Global: w_.open("Global").field("names", [&] { names(static_cast<const Global&>(s).names); }); break;
    case StmtKind::Nonlocal:
      w_.open("Nonlocal").field("names", [&] { names(static_cast<const Nonlocal&>(s).names); });
      break;
    case StmtKind::Expr:
      w_.open("Expr");
      f("value", static_cast<const ExprStmt&>(s).value);
      break;
    case StmtKind::Pass: w_.open("Pass"); break;
    case StmtKind::Break: w_.open("Break"); break;
    case StmtKind::Continue: w_.open("Continue"); break;
    case StmtKind::Comment: w_.open("Comment").field("text", [&] { str(static_cast<const Comment&>(s).text); }); break;
  }
  w_.close();
}

void Dumper::pattern(const Pattern& p) {
  switch (p.kind) {
    case PatternKind::MatchValue:
      w_.open("MatchValue").field("value", [&] { expr(static_cast<const MatchValue&>(p).value.get()); });
      break;
    case PatternKind::MatchSingleton: {
      const auto& n = static_cast<const MatchSingleton&>(p);
      w_.open("MatchSingleton").field("value", [&] { n.value ? constant(*n.value) : raw("None"); });
      break;
    }
    case PatternKind::MatchSequence:
      w_.open("MatchSequence").field("patterns", [&] { patterns(static_cast<const MatchSequence&>(p).patterns); });
      break;
    case PatternKind::MatchMapping: {
      const auto& n = static_cast<const MatchMapping&>(p);
      w_.open("MatchMapping").field("keys", [&] { exprs(n.keys); });
      w_.field("patterns", [&] { patterns(n.patterns); }).field("rest", [&] { opt_str(n.rest); });
      break;
    }
    case PatternKind::MatchClass: {
      const auto& n = static_cast<const MatchClass&>(p);
      w_.open("MatchClass").field("cls", [&] { expr(n.cls.get()); });
      w_.field("patterns", [&] { patterns(n.patterns); });
      w_.field("kwd_attrs", [&] { names(n.kwd_attrs); });
      w_.field("kwd_patterns", [&] { patterns(n.kwd_patterns); });
      break;
    }
    case PatternKind::MatchStar:
      w_.open("MatchStar").field("name", [&] { opt_str(static_cast<const MatchStar&>(p).name); });
      break;
    case PatternKind::MatchAs: {
      const auto& n = static_cast<const MatchAs&>(p);
      w_.open("MatchAs").field("pattern", [&] { n.pattern ? pattern(*n.pattern) : raw("None"); });
      w_.field("name", [&] { opt_str(n.name); });
      break;
    }
    case PatternKind::MatchOr:
      w_.open("MatchOr").field("patterns", [&] { patterns(static_cast<const MatchOr&>(p).patterns); });
      break;
  }
  w_.close();
}

}  // namespace

std::string dump(const Module& module) {
  Dumper d;
  d.w_.open("Module").field("body", [&] { d.body(module.body); }).field("type_ignores", [&] { d.raw("[]"); });
  d.w_.close();
  return d.take();
}

std::string dump(const Stmt& stmt) {
  Dumper d;
  d.stmt(stmt);
  return d.take();
}

std::string dump(const Expr& expr) {
  Dumper d;
  d.expr(&expr);
  return d.take();
}

std::string dump(const Pattern& pattern) {
  Dumper d;
  d.pattern(pattern);
  return d.take();
}

}  // namespace depyf::ast
