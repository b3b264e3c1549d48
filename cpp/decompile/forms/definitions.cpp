// Functions, lambdas, classes and (≤3.11) comprehensions: code objects
// created by MAKE_FUNCTION, turned back into the syntax that made them.
#include "code/error.hpp"
#include "decompile/walk/function_decompiler.hpp"

namespace depyf::decompile {

namespace make = ast::make;

namespace {

std::vector<ast::ExprPtr> elements_of(const ast::ExprPtr& expr) {
  if (auto* tuple = ast::as<ast::Tuple>(expr)) return tuple->elts;
  std::vector<ast::ExprPtr> items;
  if (auto* constant = ast::as<ast::Constant>(expr); constant && constant->value->kind == Constant::Kind::Tuple) {
    for (const auto& item : constant->value->items) items.push_back(make::constant(item));
  }
  return items;
}

std::string string_of(const ast::ExprPtr& expr) {
  auto* constant = ast::as<ast::Constant>(expr);
  return constant && constant->value->kind == Constant::Kind::Str ? constant->value->text : std::string();
}

// Annotations as name -> expression pairs: a dict display (≤3.9) or a flat
// tuple of name, value, name, value ... (3.10+).
std::vector<std::pair<std::string, ast::ExprPtr>> annotation_pairs(const ast::ExprPtr& annotations) {
  std::vector<std::pair<std::string, ast::ExprPtr>> pairs;
  if (!annotations) return pairs;
  if (auto* dict = ast::as<ast::Dict>(annotations)) {
    for (std::size_t i = 0; i < dict->keys.size(); ++i) pairs.emplace_back(string_of(dict->keys[i]), dict->values[i]);
    return pairs;
  }
  auto items = elements_of(annotations);
  for (std::size_t i = 0; i + 1 < items.size(); i += 2) pairs.emplace_back(string_of(items[i]), items[i + 1]);
  return pairs;
}

ast::Arg* find_arg(ast::Arguments& args, const std::string& name) {
  for (auto* list : {&args.posonlyargs, &args.args, &args.kwonlyargs})
    for (auto& arg : *list)
      if (arg.arg == name) return &arg;
  if (args.vararg && args.vararg->arg == name) return &*args.vararg;
  if (args.kwarg && args.kwarg->arg == name) return &*args.kwarg;
  return nullptr;
}

}  // namespace

std::shared_ptr<ast::Arguments> signature_of(const CodeObject& code) {
  auto args = std::make_shared<ast::Arguments>();
  const auto& names = code.varnames;
  auto name_at = [&](int i) { return i < int(names.size()) ? names[i] : "__arg" + std::to_string(i); };
  int i = 0;
  for (; i < code.posonlyargcount; ++i) args->posonlyargs.push_back(make::arg(name_at(i)));
  for (; i < code.argcount; ++i) args->args.push_back(make::arg(name_at(i)));
  for (int k = 0; k < code.kwonlyargcount; ++k, ++i) {
    args->kwonlyargs.push_back(make::arg(name_at(i)));
    args->kw_defaults.push_back(nullptr);
  }
  if (code.flags & kFlagVarargs) args->vararg = make::arg(name_at(i++));
  if (code.flags & kFlagVarKeywords) args->kwarg = make::arg(name_at(i++));
  return args;
}

namespace {

// `source_of` turns an annotation as evaluated into what to print (see
// FunctionDecompiler::annotation_source).
template <class AnnotationSource>
std::shared_ptr<ast::Arguments> full_signature(const FunctionValue& function, ast::ExprPtr* returns,
                                               const AnnotationSource& source_of) {
  auto args = signature_of(*function.code);
  auto defaults = elements_of(function.defaults);
  const std::size_t positional = args->posonlyargs.size() + args->args.size();
  if (defaults.size() <= positional) args->defaults = defaults;
  if (auto* kw = ast::as<ast::Dict>(function.kwdefaults)) {
    for (std::size_t i = 0; i < kw->keys.size(); ++i) {
      const std::string name = string_of(kw->keys[i]);
      for (std::size_t k = 0; k < args->kwonlyargs.size(); ++k)
        if (args->kwonlyargs[k].arg == name) args->kw_defaults[k] = kw->values[i];
    }
  }
  for (auto& [name, annotation] : annotation_pairs(function.annotations)) {
    if (name == "return") {
      if (returns) *returns = source_of(annotation);
    } else if (ast::Arg* arg = find_arg(*args, name)) {
      arg->annotation = source_of(annotation);
    }
  }
  return args;
}

}  // namespace

ast::StmtPtr FunctionDecompiler::function_statement(const FunctionValue& function, const std::string& name,
                                                    std::vector<ast::ExprPtr> decorators, int) {
  FunctionDecompiler nested(*function.code, options_);
  return function_def(function, name, nested.run(), std::move(decorators));
}

ast::StmtPtr FunctionDecompiler::function_def(const FunctionValue& function, const std::string& name, ast::Body body,
                                              std::vector<ast::ExprPtr> decorators) {
  ast::ExprPtr returns;
  auto args = full_signature(function, &returns, [&](const ast::ExprPtr& a) { return annotation_source(a); });
  const bool is_async = function.code->flags & (kFlagCoroutine | kFlagAsyncGenerator);
  if (is_async) {
    auto def = make::async_function_def(name, args, body, decorators, returns);
    def->type_params = function.type_params;
    return def;
  }
  auto def = make::function_def(name, args, body, decorators, returns);
  def->type_params = function.type_params;
  return def;
}

// The value a lambda body returns: a lambda holds one expression, so a body
// that decompiled to `if c: return a` + `return b` (3.12+ copy the return
// into both arms of a conditional expression) is `a if c else b`.
ast::ExprPtr returned_expression(ast::Body::const_iterator first, ast::Body::const_iterator last) {
  if (first == last) return nullptr;
  if (auto* ret = ast::as<ast::Return>(*first)) return std::next(first) == last ? ret->value : nullptr;
  auto* branch = ast::as<ast::If>(*first);
  if (!branch) return nullptr;
  ast::ExprPtr then = returned_expression(branch->body.begin(), branch->body.end());
  ast::ExprPtr otherwise = branch->orelse.empty() ? returned_expression(std::next(first), last)
                           : std::next(first) == last ? returned_expression(branch->orelse.begin(), branch->orelse.end())
                                                      : nullptr;
  if (!then || !otherwise) return nullptr;
  return make::ifexp(branch->test, then, otherwise);
}

ast::ExprPtr FunctionDecompiler::function_expression(const FunctionValue& function, int index) {
  if (function.code->name != "<lambda>" && pending_definitions_ && definable_as_statement(function))
    return define_as_statement(function, *pending_definitions_, pending_definitions_->size(), index);
  FunctionDecompiler nested(*function.code, options_);
  ast::Body body = nested.run();
  auto args = full_signature(function, nullptr, [&](const ast::ExprPtr& a) { return annotation_source(a); });
  if (function.code->name == "<lambda>" && body.size() == 1) {
    if (auto* expr = ast::as<ast::ExprStmt>(body[0]); expr && ast::as<ast::Yield>(expr->value))
      return make::lambda(args, expr->value);
  }
  if (function.code->name == "<lambda>") {
    if (ast::ExprPtr value = returned_expression(body.begin(), body.end())) return make::lambda(args, value);
  }
  fail(index, "function " + function.code->name + " used as a value cannot be written as a lambda");
}

ast::ExprPtr FunctionDecompiler::comprehension_expression(const FunctionValue& function, ast::ExprPtr iterable,
                                                          int index) {
  FunctionDecompiler nested(*function.code, options_);
  ast::Body body = nested.run();
  // The comprehension function's body is nested for/if statements around
  // one element marker: unwind them into generators.
  return comprehension_from_body(body, function.code->name, iterable, index);
}

ast::StmtPtr FunctionDecompiler::class_statement(const Value& call_result, const std::string& name, int index) {
  auto* call = ast::as<ast::Call>(call_result.expr);
  // Decorators wrap the __build_class__ call.
  const ast::Call* build = call;
  while (build && !(ast::as<ast::Name>(build->func) && ast::as<ast::Name>(build->func)->id == "__build_class__")) {
    build = build->args.empty() ? nullptr : ast::as<ast::Call>(build->args[0]);
  }
  if (build == nullptr || build->args.size() < 2) fail(index, "class definition without __build_class__");
  FunctionDecompiler nested(*call_result.function->code, options_);
  ast::Body body = nested.run();
  std::vector<ast::ExprPtr> bases(build->args.begin() + 2, build->args.end());
  auto def = make::class_def(name, bases, build->keywords, body, call_result.decorators);
  def->type_params = call_result.function->type_params;
  return def;
}

}  // namespace depyf::decompile
