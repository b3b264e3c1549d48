// PEP 695 type parameters (3.12+): `def f[T](x: T)`, `class C[T: int](B)`,
// `type A[*Ts] = ...`, 3.13 defaults `[T = int]`.
//
// The compiler evaluates a definition with type parameters inside a hidden
// function, `<generic parameters of NAME>`, made and called at once where
// the definition stands (the def's defaults are its arguments, .defaults
// and .kwdefaults; decorators stay outside, around the call):
//   - each parameter comes from CALL_INTRINSIC_1 (TYPEVAR, PARAMSPEC,
//     TYPEVARTUPLE) or CALL_INTRINSIC_2 (TYPEVAR_WITH_BOUND / _CONSTRAINTS,
//     with the bound as a lazily evaluated function), 3.13 defaults through
//     SET_TYPEPARAM_DEFAULT, then COPY 1; STORE under its own name; the
//     parameters are collected by BUILD_TUPLE;
//   - a def: the function made as usual, then SET_FUNCTION_TYPE_PARAMS;
//   - a class: the tuple stored as .type_params, the class built with
//     SUBSCRIPT_GENERIC(.type_params) (stored as .generic_base) as its last
//     base, so `Generic[T]` is implied;
//   - a type alias: (name, parameters, value function) to TYPEALIAS.
// The hidden function has no control flow of its own, so it is read by one
// straight walk over its instructions: the parameter machinery is
// recognised here, the rest (annotations, defaults, bases, keywords) is
// simulated as anywhere else. Any other shape is a DecompilationError.
#include "code/error.hpp"
#include "decompile/walk/function_decompiler.hpp"

namespace depyf::decompile {

namespace make = ast::make;
using ir::Op;

namespace {

// CALL_INTRINSIC_1 / CALL_INTRINSIC_2 arguments (3.12+, stable through 3.13).
constexpr int kTypeVar = 7;
constexpr int kParamSpec = 8;
constexpr int kTypeVarTuple = 9;
constexpr int kSubscriptGeneric = 10;
constexpr int kTypeVarWithBound = 2;
constexpr int kTypeVarWithConstraints = 3;
constexpr int kSetFunctionTypeParams = 4;
constexpr int kSetTypeParamDefault = 5;  // 3.13
constexpr int kTypeAlias = 11;

// Stack markers of the hidden function's own values; none of them can
// reach printed source (the walk below consumes each one or fails).
constexpr const char* kParamMarker = "__depyf_type_param__";    // slot: index of the parameter
constexpr const char* kParamsMarker = "__depyf_type_params__";  // the tuple of all of them
constexpr const char* kGenericBaseMarker = "__depyf_generic_base__";

Value marker(const char* name, int slot = -1) {
  Value value = Value::unknown("");
  value.expr = make::name(name);
  value.slot = slot;
  return value;
}

bool is_marker(const Value& value, const char* name) {
  auto* id = ast::as<ast::Name>(value.expr);
  return value.kind == Value::Kind::Unknown && id && id->id == name;
}

const std::string* string_constant(const ast::ExprPtr& expr) {
  auto* constant = ast::as<ast::Constant>(expr);
  return constant && constant->value->kind == Constant::Kind::Str ? &constant->value->text : nullptr;
}

// A type parameter `__T` of a class's definition (or of a method's) is
// stored under its mangled name, `_Class__T`.
bool binds_name(const std::string& stored, const std::string& name) {
  if (stored == name) return true;
  const bool private_name =
      name.size() > 2 && name.compare(0, 2, "__") == 0 && name.compare(name.size() - 2, 2, "__") != 0;
  return private_name && stored.size() > name.size() + 1 && stored[0] == '_' && stored[1] != '_' &&
         stored.compare(stored.size() - name.size(), std::string::npos, name) == 0;
}

}  // namespace

bool FunctionDecompiler::is_generic_parameters_scope(const CodeObject& code) {
  return code.version.minor >= 12 && code.name.rfind("<generic parameters of ", 0) == 0;
}

Value FunctionDecompiler::generic_definition(const FunctionValue& scope, const std::vector<Value>& args, int index) {
  const CodeObject& code = *scope.code;
  if (int(args.size()) != code.argcount || code.kwonlyargcount || (code.flags & (kFlagVarargs | kFlagVarKeywords)))
    fail(index, "generic parameters function called with other arguments than its own");
  FunctionDecompiler hidden(code, options_);
  return hidden.run_generic_parameters_scope(args);
}

int FunctionDecompiler::argument_index(const std::string& name, int arguments) const {
  for (int k = 0; k < arguments && k < int(code_.varnames.size()); ++k)
    if (code_.varnames[k] == name) return k;
  return -1;
}

Value FunctionDecompiler::run_generic_parameters_scope(const std::vector<Value>& args) {
  const auto& instrs = function_.instrs;
  const int count = int(instrs.size());
  std::vector<ast::TypeParam> params;
  bool collected = false;  // BUILD_TUPLE of the parameters seen
  Stack stack;
  ast::Body out;
  auto top_is = [&](const char* name) { return !stack.empty() && is_marker(stack.back(), name); };
  auto take_params = [&](int i) {
    if (!top_is(kParamsMarker)) fail(i, "type parameters expected");
    stack.pop_back();
    return params;
  };
  auto take_name = [&](int i) {
    const std::string* name = string_constant(pop_expr(stack, i));
    if (name == nullptr) fail(i, "type parameter without a name");
    return *name;
  };
  for (int i = 0; i < count; ++i) {
    const ir::Instr& instr = instrs[i];
    if (instr.target >= 0 || instr.handler >= 0) fail(i, "control flow in a generic parameters function");
    switch (instr.op) {
      case Op::CallIntrinsic1:
        if (instr.arg == kTypeVar || instr.arg == kParamSpec || instr.arg == kTypeVarTuple) {
          std::string name = take_name(i);
          params.push_back(instr.arg == kTypeVar     ? make::type_var(name)
                           : instr.arg == kParamSpec ? make::param_spec(name)
                                                     : make::type_var_tuple(name));
          stack.push_back(marker(kParamMarker, int(params.size()) - 1));
          continue;
        }
        if (instr.arg == kSubscriptGeneric) {
          if (!collected || !ast::is_name(pop_expr(stack, i), ".type_params")) fail(i, "Generic base of other values");
          stack.push_back(marker(kGenericBaseMarker));
          continue;
        }
        break;
      case Op::CallIntrinsic2:
        if (instr.arg == kTypeVarWithBound || instr.arg == kTypeVarWithConstraints) {
          Value bound_function = pop(stack, i);
          std::string name = take_name(i);
          ast::ExprPtr bound = lazy_value(bound_function, i);
          if (instr.arg == kTypeVarWithConstraints && !ast::as<ast::Tuple>(bound))
            fail(i, "type variable constraints that are not a tuple");
          params.push_back(make::type_var(name, bound));
          stack.push_back(marker(kParamMarker, int(params.size()) - 1));
          continue;
        }
        if (instr.arg == kSetTypeParamDefault) {
          Value default_function = pop(stack, i);
          if (!top_is(kParamMarker)) fail(i, "a default for something other than a type parameter");
          params[stack.back().slot].default_value = lazy_value(default_function, i);
          continue;
        }
        if (instr.arg == kSetFunctionTypeParams) {
          // SWAP 2 put the parameters above the function.
          std::vector<ast::TypeParam> function_params = take_params(i);
          Value function = pop(stack, i);
          if (function.kind != Value::Kind::Function || function.function->type_alias)
            fail(i, "type parameters set on something other than a function");
          auto generic = std::make_shared<FunctionValue>(*function.function);
          generic->type_params = function_params;
          function.function = generic;
          stack.push_back(function);
          continue;
        }
        break;
      case Op::Copy:
        // COPY 1; STORE T: each parameter is bound to its own name.
        if (instr.arg == 1 && top_is(kParamMarker) && i + 1 < count &&
            (instrs[i + 1].op == Op::StoreFast || instrs[i + 1].op == Op::StoreDeref) &&
            binds_name(instrs[i + 1].name, params[stack.back().slot].name)) {
          ++i;
          continue;
        }
        break;
      case Op::BuildTuple:
        // (Other tuples are built here too: closures of bounds and defaults.)
        if (!collected && !params.empty() && instr.arg == int(params.size()) && int(stack.size()) >= instr.arg &&
            is_marker(stack.back(), kParamMarker)) {
          for (int k = 0; k < instr.arg; ++k) {
            const Value& item = stack[stack.size() - instr.arg + k];
            if (!is_marker(item, kParamMarker) || item.slot != k) fail(i, "type parameters collected out of order");
          }
          stack.resize(stack.size() - instr.arg);
          stack.push_back(marker(kParamsMarker));
          collected = true;
          continue;
        }
        if (builds_type_alias(i)) {
          Value value_function = pop(stack, i);
          std::vector<ast::TypeParam> alias_params = take_params(i);
          std::string name = take_name(i);
          stack.push_back(type_alias_value(i, name, alias_params, value_function));
          continue;
        }
        break;
      case Op::StoreFast:
      case Op::StoreDeref:
        if (instr.name == ".type_params" && top_is(kParamsMarker)) {
          stack.pop_back();
          continue;
        }
        if (instr.name == ".generic_base" && top_is(kGenericBaseMarker)) {
          stack.pop_back();
          continue;
        }
        break;
      case Op::LoadFast:
      case Op::LoadFastCheck:
      case Op::LoadDeref:
        if (instr.name == ".generic_base") {
          stack.push_back(marker(kGenericBaseMarker));
          continue;
        }
        // The def's defaults, passed in as arguments (.defaults, .kwdefaults).
        if (auto k = argument_index(instr.name, int(args.size())); k >= 0) {
          stack.push_back(args[k]);
          continue;
        }
        break;
      case Op::ReturnValue: {
        Value result = pop(stack, i);
        if (!stack.empty()) fail(i, "values left in a generic parameters function");
        const bool is_def = result.kind == Value::Kind::Function && !result.function->type_params.empty();
        const bool is_class = result.class_definition && result.function && !result.function->type_params.empty();
        const bool is_alias =
            result.function && result.function->type_alias && !result.function->type_alias->type_params.empty();
        if (!is_def && !is_class && !is_alias) fail(i, "generic parameters function of an unknown shape");
        return result;
      }
      default: break;
    }
    simulate(i, stack, out);
    if (!out.empty()) fail(i, "a statement in a generic parameters function");
    // class C[T](B): __build_class__(<body>, 'C', B, Generic[T]), the
    // implied Generic[T] last among the positional arguments.
    if (instr.op == Op::Call && !stack.empty() && stack.back().class_definition) {
      Value& built = stack.back();
      auto* call = ast::as<ast::Call>(built.expr);
      if (call == nullptr || call->args.empty() || !ast::is_name(call->args.back(), kGenericBaseMarker))
        fail(i, "generic class without its Generic base");
      auto without_base = std::make_shared<ast::Call>(*call);
      without_base->args.pop_back();
      built.expr = without_base;
      auto generic = std::make_shared<FunctionValue>(*built.function);
      generic->type_params = params;
      built.function = generic;
    }
  }
  fail(-1, "generic parameters function without a return");
}

ast::ExprPtr FunctionDecompiler::lazy_value(const Value& value, int index) {
  if (ast::ExprPtr formatted = format_taking_lazy_value(value, index)) return formatted;
  if (value.kind != Value::Kind::Function || !value.decorators.empty() || value.function->defaults ||
      value.function->kwdefaults || value.function->annotations || value.function->type_alias ||
      !value.function->type_params.empty())
    fail(index, "a lazily evaluated value that is not a plain function");
  const CodeObject& code = *value.function->code;
  if (code.argcount || code.posonlyargcount || code.kwonlyargcount || (code.flags & (kFlagVarargs | kFlagVarKeywords)))
    fail(index, "a lazily evaluated value with arguments");
  FunctionDecompiler lazy(code, options_);
  // Read like a lambda: its one returned expression, `return None` included.
  lazy.kind_ = CodeKind::Lambda;
  const bool straight = std::all_of(lazy.function_.instrs.begin(), lazy.function_.instrs.end(),
                                    [](const ir::Instr& instr) { return instr.target < 0 && instr.handler < 0; });
  if (straight) return lazy.straight_line_value();
  ast::Body body = lazy.run();
  if (ast::ExprPtr returned = returned_expression(body.begin(), body.end())) return returned;
  fail(index, "a lazily evaluated value that is not one expression");
}

ast::ExprPtr FunctionDecompiler::straight_line_value(int from) {
  const auto& instrs = function_.instrs;
  Stack stack;
  ast::Body out;
  for (int i = from; i < int(instrs.size()); ++i) {
    if (instrs[i].op == Op::ReturnValue) {
      ast::ExprPtr value = pop_expr(stack, i);
      if (!stack.empty()) fail(i, "values left under a lazily evaluated value");
      return value;
    }
    // 3.13 `*Ts = *tuple[int]`: the starred default is unpacked to its one item.
    if (instrs[i].op == Op::UnpackSequence && instrs[i].arg == 1 && i + 1 < int(instrs.size()) &&
        instrs[i + 1].op == Op::ReturnValue) {
      stack.push_back(Value::of(make::starred(pop_expr(stack, i))));
      continue;
    }
    simulate(i, stack, out);
    if (!out.empty()) fail(i, "a statement in a lazily evaluated value");
  }
  fail(-1, "a lazily evaluated value without a return");
}

bool FunctionDecompiler::builds_type_alias(int index) const {
  const auto& instrs = function_.instrs;
  return code_.version.minor >= 12 && instrs[index].op == Op::BuildTuple && instrs[index].arg == 3 &&
         index + 1 < int(instrs.size()) && instrs[index + 1].op == Op::CallIntrinsic1 &&
         instrs[index + 1].arg == kTypeAlias;
}

void FunctionDecompiler::build_type_alias(int index, Stack& stack) {
  Value value_function = pop(stack, index);
  if (!is_none_constant(pop_expr(stack, index))) fail(index, "type alias with type parameters outside their function");
  const std::string* name = string_constant(pop_expr(stack, index));
  if (name == nullptr) fail(index, "type alias without a name");
  stack.push_back(type_alias_value(index, *name, {}, value_function));
}

Value FunctionDecompiler::type_alias_value(int index, const std::string& name, std::vector<ast::TypeParam> params,
                                           const Value& value_function) {
  ast::ExprPtr value = lazy_value(value_function, index);
  Value alias;
  alias.kind = Value::Kind::Function;  // never an expression: only its store writes it
  alias.function = std::make_shared<FunctionValue>(*value_function.function);
  alias.function->type_alias = make::type_alias(make::name(name, ast::ExprContext::Store), std::move(params), value);
  return alias;
}

void FunctionDecompiler::store_type_alias(int index, const Value& value, const ast::ExprPtr& target, ast::Body& out) {
  const auto& alias = value.function->type_alias;
  auto* stored = ast::as<ast::Name>(target);
  auto* name = ast::as<ast::Name>(alias->name);
  if (value.kind != Value::Kind::Function || !value.decorators.empty() || stored == nullptr || name == nullptr ||
      stored->id != name->id)
    fail(index, "a type alias stored other than by its own `type` statement");
  emit(out, make::type_alias(make::name(stored->id, ast::ExprContext::Store), alias->type_params, alias->value), index);
}

bool FunctionDecompiler::is_star_annotation(int index, const Stack& stack) const {
  const auto& instrs = function_.instrs;
  if (code_.version.minor < 11 || instrs[index].op != Op::UnpackSequence || instrs[index].arg != 1 ||
      index + 1 >= int(instrs.size()) || stack.size() < 2)
    return false;
  const Value& name = stack[stack.size() - 2];
  if (name.kind != Value::Kind::Expr || !string_constant(name.expr)) return false;
  const ir::Instr& next = instrs[index + 1];
  const bool next_pair = next.op == Op::LoadConst && next.arg >= 0 && next.arg < int(code_.consts.size()) &&
                         code_.consts[next.arg]->kind == Constant::Kind::Str;
  return next_pair || next.op == Op::BuildTuple;
}

void FunctionDecompiler::drop_generic_class_bookkeeping(ast::Body& body) {
  auto bookkeeping = [](const ast::StmtPtr& stmt) {
    if (auto* assign = ast::assignment_to_name(stmt, "__type_params__"))
      return ast::is_name(assign->value, ".type_params");
    if (auto* assign = ast::assignment_to_name(stmt, "__classdict__")) {
      auto* call = ast::as<ast::Call>(assign->value);
      return call && ast::is_name(call->func, "locals") && call->args.empty() && call->keywords.empty();
    }
    return ast::assignment_to_name(stmt, "__classdictcell__") != nullptr;
  };
  body.erase(std::remove_if(body.begin(), body.end(), bookkeeping), body.end());
}

}  // namespace depyf::decompile
