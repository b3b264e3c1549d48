// Short constructors for AST nodes: `make::call(make::name("f"), {x})`.
// The decompiler builds trees bottom-up from its simulated stack, and tests
// build them by hand; both read better with one call per node.
#pragma once

#include <cstdint>
#include <string>
#include <utility>

#include "ast/nodes_expr.hpp"
#include "ast/nodes_pattern.hpp"
#include "ast/nodes_stmt.hpp"

namespace depyf::ast::make {

namespace detail {
template <class T>
std::shared_ptr<T> node() {
  return std::make_shared<T>();
}
}  // namespace detail

// ---- constants ----

inline std::shared_ptr<Constant> constant(depyf::ConstantPtr value) {
  auto n = detail::node<Constant>();
  n->value = std::move(value);
  return n;
}
inline std::shared_ptr<Constant> none() {
  return constant(depyf::Constant::make_none());
}
inline std::shared_ptr<Constant> ellipsis() {
  return constant(depyf::Constant::make_ellipsis());
}
inline std::shared_ptr<Constant> boolean(bool v) {
  return constant(depyf::Constant::make_bool(v));
}
inline std::shared_ptr<Constant> int_(std::int64_t v) {
  return constant(depyf::Constant::make_int(std::to_string(v)));
}
inline std::shared_ptr<Constant> int_(std::string decimal) {
  return constant(depyf::Constant::make_int(std::move(decimal)));
}
inline std::shared_ptr<Constant> float_(double v) {
  return constant(depyf::Constant::make_float(v));
}
inline std::shared_ptr<Constant> complex_(double real, double imag) {
  return constant(depyf::Constant::make_complex(real, imag));
}
inline std::shared_ptr<Constant> str(std::string utf8) {
  return constant(depyf::Constant::make_str(std::move(utf8)));
}
inline std::shared_ptr<Constant> bytes(std::string raw) {
  return constant(depyf::Constant::make_bytes(std::move(raw)));
}

// ---- names and access ----

inline std::shared_ptr<Name> name(std::string id, ExprContext ctx = ExprContext::Load) {
  auto n = detail::node<Name>();
  n->id = std::move(id);
  n->ctx = ctx;
  return n;
}
inline std::shared_ptr<Attribute> attribute(ExprPtr value, std::string attr, ExprContext ctx = ExprContext::Load) {
  auto n = detail::node<Attribute>();
  n->value = std::move(value);
  n->attr = std::move(attr);
  n->ctx = ctx;
  return n;
}
inline std::shared_ptr<Subscript> subscript(ExprPtr value, ExprPtr slice, ExprContext ctx = ExprContext::Load) {
  auto n = detail::node<Subscript>();
  n->value = std::move(value);
  n->slice = std::move(slice);
  n->ctx = ctx;
  return n;
}
inline std::shared_ptr<Slice> slice(ExprPtr lower, ExprPtr upper, ExprPtr step = nullptr) {
  auto n = detail::node<Slice>();
  n->lower = std::move(lower);
  n->upper = std::move(upper);
  n->step = std::move(step);
  return n;
}
inline std::shared_ptr<Starred> starred(ExprPtr value, ExprContext ctx = ExprContext::Load) {
  auto n = detail::node<Starred>();
  n->value = std::move(value);
  n->ctx = ctx;
  return n;
}

// ---- displays ----

inline std::shared_ptr<Tuple> tuple(std::vector<ExprPtr> elts, ExprContext ctx = ExprContext::Load) {
  auto n = detail::node<Tuple>();
  n->elts = std::move(elts);
  n->ctx = ctx;
  return n;
}
inline std::shared_ptr<List> list(std::vector<ExprPtr> elts, ExprContext ctx = ExprContext::Load) {
  auto n = detail::node<List>();
  n->elts = std::move(elts);
  n->ctx = ctx;
  return n;
}
inline std::shared_ptr<Set> set(std::vector<ExprPtr> elts) {
  auto n = detail::node<Set>();
  n->elts = std::move(elts);
  return n;
}
// A null key means `**value`.
inline std::shared_ptr<Dict> dict(std::vector<ExprPtr> keys, std::vector<ExprPtr> values) {
  auto n = detail::node<Dict>();
  n->keys = std::move(keys);
  n->values = std::move(values);
  return n;
}

// ---- operators ----

inline std::shared_ptr<BinOp> binop(ExprPtr left, Operator op, ExprPtr right) {
  auto n = detail::node<BinOp>();
  n->left = std::move(left);
  n->op = op;
  n->right = std::move(right);
  return n;
}
inline std::shared_ptr<UnaryOp> unaryop(UnaryOperator op, ExprPtr operand) {
  auto n = detail::node<UnaryOp>();
  n->op = op;
  n->operand = std::move(operand);
  return n;
}
inline std::shared_ptr<BoolOp> boolop(BoolOperator op, std::vector<ExprPtr> values) {
  auto n = detail::node<BoolOp>();
  n->op = op;
  n->values = std::move(values);
  return n;
}
inline std::shared_ptr<Compare> compare(ExprPtr left, std::vector<CmpOp> ops, std::vector<ExprPtr> comparators) {
  auto n = detail::node<Compare>();
  n->left = std::move(left);
  n->ops = std::move(ops);
  n->comparators = std::move(comparators);
  return n;
}
inline std::shared_ptr<Compare> compare(ExprPtr left, CmpOp op, ExprPtr right) {
  return compare(std::move(left), std::vector<CmpOp>{op}, std::vector<ExprPtr>{std::move(right)});
}
inline std::shared_ptr<IfExp> ifexp(ExprPtr test, ExprPtr body, ExprPtr orelse) {
  auto n = detail::node<IfExp>();
  n->test = std::move(test);
  n->body = std::move(body);
  n->orelse = std::move(orelse);
  return n;
}
inline std::shared_ptr<NamedExpr> named_expr(ExprPtr target, ExprPtr value) {
  auto n = detail::node<NamedExpr>();
  n->target = std::move(target);
  n->value = std::move(value);
  return n;
}

// ---- calls and functions ----

inline Keyword keyword(std::string arg, ExprPtr value) {
  return Keyword{std::move(arg), std::move(value), 0};
}
inline Keyword double_star(ExprPtr value) {
  return Keyword{std::nullopt, std::move(value), 0};
}

inline std::shared_ptr<Call> call(ExprPtr func, std::vector<ExprPtr> args = {}, std::vector<Keyword> keywords = {}) {
  auto n = detail::node<Call>();
  n->func = std::move(func);
  n->args = std::move(args);
  n->keywords = std::move(keywords);
  return n;
}

inline Arg arg(std::string name, ExprPtr annotation = nullptr) {
  return Arg{std::move(name), std::move(annotation), 0};
}

// Plain positional parameters, the common case.
inline std::shared_ptr<Arguments> arguments(std::vector<Arg> args = {}, std::vector<ExprPtr> defaults = {}) {
  auto a = std::make_shared<Arguments>();
  a->args = std::move(args);
  a->defaults = std::move(defaults);
  return a;
}

inline std::shared_ptr<Lambda> lambda(std::shared_ptr<Arguments> args, ExprPtr body) {
  auto n = detail::node<Lambda>();
  n->args = args ? std::move(args) : arguments();
  n->body = std::move(body);
  return n;
}

// ---- coroutines and generators ----

inline std::shared_ptr<Await> await_(ExprPtr value) {
  auto n = detail::node<Await>();
  n->value = std::move(value);
  return n;
}
inline std::shared_ptr<Yield> yield_(ExprPtr value = nullptr) {
  auto n = detail::node<Yield>();
  n->value = std::move(value);
  return n;
}
inline std::shared_ptr<YieldFrom> yield_from(ExprPtr value) {
  auto n = detail::node<YieldFrom>();
  n->value = std::move(value);
  return n;
}

// ---- comprehensions ----

inline Comprehension comprehension(ExprPtr target, ExprPtr iter, std::vector<ExprPtr> ifs = {}, bool is_async = false) {
  return Comprehension{std::move(target), std::move(iter), std::move(ifs), is_async};
}
inline std::shared_ptr<ListComp> list_comp(ExprPtr elt, std::vector<Comprehension> generators) {
  auto n = detail::node<ListComp>();
  n->elt = std::move(elt);
  n->generators = std::move(generators);
  return n;
}
inline std::shared_ptr<SetComp> set_comp(ExprPtr elt, std::vector<Comprehension> generators) {
  auto n = detail::node<SetComp>();
  n->elt = std::move(elt);
  n->generators = std::move(generators);
  return n;
}
inline std::shared_ptr<GeneratorExp> generator_exp(ExprPtr elt, std::vector<Comprehension> generators) {
  auto n = detail::node<GeneratorExp>();
  n->elt = std::move(elt);
  n->generators = std::move(generators);
  return n;
}
inline std::shared_ptr<DictComp> dict_comp(ExprPtr key, ExprPtr value, std::vector<Comprehension> generators) {
  auto n = detail::node<DictComp>();
  n->key = std::move(key);
  n->value = std::move(value);
  n->generators = std::move(generators);
  return n;
}

// ---- f-strings ----

inline std::shared_ptr<FormattedValue> formatted_value(ExprPtr value, int conversion = -1,
                                                       ExprPtr format_spec = nullptr) {
  auto n = detail::node<FormattedValue>();
  n->value = std::move(value);
  n->conversion = conversion;
  n->format_spec = std::move(format_spec);
  return n;
}
inline std::shared_ptr<JoinedStr> joined_str(std::vector<ExprPtr> values) {
  auto n = detail::node<JoinedStr>();
  n->values = std::move(values);
  return n;
}

// ---- t-strings (3.14+) ----

inline std::shared_ptr<Interpolation> interpolation(ExprPtr value, ExprPtr str, int conversion = -1,
                                                   ExprPtr format_spec = nullptr) {
  auto n = detail::node<Interpolation>();
  n->value = std::move(value);
  n->str = std::move(str);
  n->conversion = conversion;
  n->format_spec = std::move(format_spec);
  return n;
}
inline std::shared_ptr<TemplateStr> template_str(std::vector<ExprPtr> values) {
  auto n = detail::node<TemplateStr>();
  n->values = std::move(values);
  return n;
}

// ---- statements ----

inline std::shared_ptr<ExprStmt> expr_stmt(ExprPtr value) {
  auto n = detail::node<ExprStmt>();
  n->value = std::move(value);
  return n;
}
inline std::shared_ptr<Assign> assign(std::vector<ExprPtr> targets, ExprPtr value) {
  auto n = detail::node<Assign>();
  n->targets = std::move(targets);
  n->value = std::move(value);
  return n;
}
inline std::shared_ptr<Assign> assign(ExprPtr target, ExprPtr value) {
  return assign(std::vector<ExprPtr>{std::move(target)}, std::move(value));
}
inline std::shared_ptr<AugAssign> aug_assign(ExprPtr target, Operator op, ExprPtr value) {
  auto n = detail::node<AugAssign>();
  n->target = std::move(target);
  n->op = op;
  n->value = std::move(value);
  return n;
}
inline std::shared_ptr<AnnAssign> ann_assign(ExprPtr target, ExprPtr annotation, ExprPtr value = nullptr,
                                             bool simple = true) {
  auto n = detail::node<AnnAssign>();
  n->target = std::move(target);
  n->annotation = std::move(annotation);
  n->value = std::move(value);
  n->simple = simple;
  return n;
}
inline std::shared_ptr<TypeAlias> type_alias(ExprPtr name, std::vector<TypeParam> type_params, ExprPtr value) {
  auto n = detail::node<TypeAlias>();
  n->name = std::move(name);
  n->type_params = std::move(type_params);
  n->value = std::move(value);
  return n;
}
inline std::shared_ptr<Return> return_(ExprPtr value = nullptr) {
  auto n = detail::node<Return>();
  n->value = std::move(value);
  return n;
}
inline std::shared_ptr<Delete> delete_(std::vector<ExprPtr> targets) {
  auto n = detail::node<Delete>();
  n->targets = std::move(targets);
  return n;
}
inline std::shared_ptr<Pass> pass() {
  return detail::node<Pass>();
}
inline std::shared_ptr<Break> break_() {
  return detail::node<Break>();
}
inline std::shared_ptr<Continue> continue_() {
  return detail::node<Continue>();
}
inline std::shared_ptr<Comment> comment(std::string text) {
  auto n = detail::node<Comment>();
  n->text = std::move(text);
  return n;
}
inline std::shared_ptr<Global> global(std::vector<std::string> names) {
  auto n = detail::node<Global>();
  n->names = std::move(names);
  return n;
}
inline std::shared_ptr<Nonlocal> nonlocal(std::vector<std::string> names) {
  auto n = detail::node<Nonlocal>();
  n->names = std::move(names);
  return n;
}
inline Alias alias(std::string name, std::optional<std::string> asname = std::nullopt) {
  return Alias{std::move(name), std::move(asname)};
}
inline std::shared_ptr<Import> import(std::vector<Alias> names) {
  auto n = detail::node<Import>();
  n->names = std::move(names);
  return n;
}
inline std::shared_ptr<ImportFrom> import_from(std::optional<std::string> module, std::vector<Alias> names,
                                               int level = 0) {
  auto n = detail::node<ImportFrom>();
  n->module = std::move(module);
  n->names = std::move(names);
  n->level = level;
  return n;
}
inline std::shared_ptr<If> if_(ExprPtr test, Body body, Body orelse = {}) {
  auto n = detail::node<If>();
  n->test = std::move(test);
  n->body = std::move(body);
  n->orelse = std::move(orelse);
  return n;
}
inline std::shared_ptr<While> while_(ExprPtr test, Body body, Body orelse = {}) {
  auto n = detail::node<While>();
  n->test = std::move(test);
  n->body = std::move(body);
  n->orelse = std::move(orelse);
  return n;
}
inline std::shared_ptr<For> for_(ExprPtr target, ExprPtr iter, Body body, Body orelse = {}) {
  auto n = detail::node<For>();
  n->target = std::move(target);
  n->iter = std::move(iter);
  n->body = std::move(body);
  n->orelse = std::move(orelse);
  return n;
}
inline std::shared_ptr<AsyncFor> async_for(ExprPtr target, ExprPtr iter, Body body, Body orelse = {}) {
  auto n = detail::node<AsyncFor>();
  n->target = std::move(target);
  n->iter = std::move(iter);
  n->body = std::move(body);
  n->orelse = std::move(orelse);
  return n;
}
inline WithItem with_item(ExprPtr context_expr, ExprPtr optional_vars = nullptr) {
  return WithItem{std::move(context_expr), std::move(optional_vars)};
}
inline std::shared_ptr<With> with(std::vector<WithItem> items, Body body) {
  auto n = detail::node<With>();
  n->items = std::move(items);
  n->body = std::move(body);
  return n;
}
inline std::shared_ptr<AsyncWith> async_with(std::vector<WithItem> items, Body body) {
  auto n = detail::node<AsyncWith>();
  n->items = std::move(items);
  n->body = std::move(body);
  return n;
}
inline std::shared_ptr<Raise> raise(ExprPtr exc = nullptr, ExprPtr cause = nullptr) {
  auto n = detail::node<Raise>();
  n->exc = std::move(exc);
  n->cause = std::move(cause);
  return n;
}
inline ExceptHandler except_handler(ExprPtr type, std::optional<std::string> name, Body body) {
  return ExceptHandler{std::move(type), std::move(name), std::move(body), 0};
}
inline std::shared_ptr<Try> try_(Body body, std::vector<ExceptHandler> handlers, Body orelse = {},
                                 Body finalbody = {}) {
  auto n = detail::node<Try>();
  n->body = std::move(body);
  n->handlers = std::move(handlers);
  n->orelse = std::move(orelse);
  n->finalbody = std::move(finalbody);
  return n;
}
inline std::shared_ptr<TryStar> try_star(Body body, std::vector<ExceptHandler> handlers, Body orelse = {},
                                         Body finalbody = {}) {
  auto n = detail::node<TryStar>();
  n->body = std::move(body);
  n->handlers = std::move(handlers);
  n->orelse = std::move(orelse);
  n->finalbody = std::move(finalbody);
  return n;
}
inline std::shared_ptr<Assert> assert_(ExprPtr test, ExprPtr msg = nullptr) {
  auto n = detail::node<Assert>();
  n->test = std::move(test);
  n->msg = std::move(msg);
  return n;
}
inline std::shared_ptr<FunctionDef> function_def(std::string name, std::shared_ptr<Arguments> args, Body body,
                                                 std::vector<ExprPtr> decorators = {}, ExprPtr returns = nullptr) {
  auto n = detail::node<FunctionDef>();
  n->name = std::move(name);
  n->args = args ? std::move(args) : arguments();
  n->body = std::move(body);
  n->decorator_list = std::move(decorators);
  n->returns = std::move(returns);
  return n;
}
inline std::shared_ptr<AsyncFunctionDef> async_function_def(std::string name, std::shared_ptr<Arguments> args,
                                                            Body body, std::vector<ExprPtr> decorators = {},
                                                            ExprPtr returns = nullptr) {
  auto n = detail::node<AsyncFunctionDef>();
  n->name = std::move(name);
  n->args = args ? std::move(args) : arguments();
  n->body = std::move(body);
  n->decorator_list = std::move(decorators);
  n->returns = std::move(returns);
  return n;
}
inline std::shared_ptr<ClassDef> class_def(std::string name, std::vector<ExprPtr> bases, std::vector<Keyword> keywords,
                                           Body body, std::vector<ExprPtr> decorators = {}) {
  auto n = detail::node<ClassDef>();
  n->name = std::move(name);
  n->bases = std::move(bases);
  n->keywords = std::move(keywords);
  n->body = std::move(body);
  n->decorator_list = std::move(decorators);
  return n;
}
inline MatchCase match_case(PatternPtr pattern, ExprPtr guard, Body body) {
  return MatchCase{std::move(pattern), std::move(guard), std::move(body)};
}
inline std::shared_ptr<Match> match(ExprPtr subject, std::vector<MatchCase> cases) {
  auto n = detail::node<Match>();
  n->subject = std::move(subject);
  n->cases = std::move(cases);
  return n;
}
inline TypeParam type_var(std::string name, ExprPtr bound = nullptr, ExprPtr default_value = nullptr) {
  return TypeParam{TypeParam::Kind::TypeVar, std::move(name), std::move(bound), std::move(default_value)};
}
inline TypeParam param_spec(std::string name, ExprPtr default_value = nullptr) {
  return TypeParam{TypeParam::Kind::ParamSpec, std::move(name), nullptr, std::move(default_value)};
}
inline TypeParam type_var_tuple(std::string name, ExprPtr default_value = nullptr) {
  return TypeParam{TypeParam::Kind::TypeVarTuple, std::move(name), nullptr, std::move(default_value)};
}

// ---- patterns ----

inline std::shared_ptr<MatchValue> match_value(ExprPtr value) {
  auto n = detail::node<MatchValue>();
  n->value = std::move(value);
  return n;
}
inline std::shared_ptr<MatchSingleton> match_singleton(depyf::ConstantPtr value) {
  auto n = detail::node<MatchSingleton>();
  n->value = std::move(value);
  return n;
}
inline std::shared_ptr<MatchSequence> match_sequence(std::vector<PatternPtr> patterns) {
  auto n = detail::node<MatchSequence>();
  n->patterns = std::move(patterns);
  return n;
}
inline std::shared_ptr<MatchMapping> match_mapping(std::vector<ExprPtr> keys, std::vector<PatternPtr> patterns,
                                                   std::optional<std::string> rest = std::nullopt) {
  auto n = detail::node<MatchMapping>();
  n->keys = std::move(keys);
  n->patterns = std::move(patterns);
  n->rest = std::move(rest);
  return n;
}
inline std::shared_ptr<MatchClass> match_class(ExprPtr cls, std::vector<PatternPtr> patterns,
                                               std::vector<std::string> kwd_attrs = {},
                                               std::vector<PatternPtr> kwd_patterns = {}) {
  auto n = detail::node<MatchClass>();
  n->cls = std::move(cls);
  n->patterns = std::move(patterns);
  n->kwd_attrs = std::move(kwd_attrs);
  n->kwd_patterns = std::move(kwd_patterns);
  return n;
}
inline std::shared_ptr<MatchStar> match_star(std::optional<std::string> name = std::nullopt) {
  auto n = detail::node<MatchStar>();
  n->name = std::move(name);
  return n;
}
inline std::shared_ptr<MatchAs> match_as(PatternPtr pattern = nullptr, std::optional<std::string> name = std::nullopt) {
  auto n = detail::node<MatchAs>();
  n->pattern = std::move(pattern);
  n->name = std::move(name);
  return n;
}
inline std::shared_ptr<MatchOr> match_or(std::vector<PatternPtr> patterns) {
  auto n = detail::node<MatchOr>();
  n->patterns = std::move(patterns);
  return n;
}

}  // namespace depyf::ast::make
