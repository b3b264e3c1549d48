// Where simulated values go: popping an expression off the stack, the
// statements a store makes (assignments, chained and tuple targets, `def`
// and class statements, augmented assignments), discarded values, calls
// and imports. The op-by-op simulation that calls them: simulate.cpp.
#include <algorithm>

#include "code/error.hpp"
#include "decompile/forms/call_keywords.hpp"
#include "decompile/forms/walrus_tuple_items.hpp"
#include "decompile/idioms/first_met_set_item.hpp"
#include "decompile/walk/function_decompiler.hpp"

namespace depyf::decompile {

namespace make = ast::make;
using ir::Op;

namespace {

// The elements of a tuple display built for a call's arguments, when the
// value is one; otherwise nullopt. (A list reaching the call was a written
// `*[a, b]`: the call's own list of arguments becomes a tuple first,
// LIST_TO_TUPLE.)
std::optional<std::vector<ast::ExprPtr>> display_elements(const ast::ExprPtr& expr) {
  if (auto* tuple = ast::as<ast::Tuple>(expr)) return tuple->elts;
  return std::nullopt;
}

std::vector<std::string> string_tuple(const ast::ExprPtr& expr) {
  std::vector<std::string> result;
  if (auto* constant = ast::as<ast::Constant>(expr); constant && constant->value->kind == Constant::Kind::Tuple) {
    for (const auto& item : constant->value->items) result.push_back(item->text);
  }
  return result;
}

// 3.12+ `x[a:b] += v` loads a, b once and copies them (COPY 3 x3,
// BINARY_SLICE ... STORE_SLICE): the load and the store each build their own
// Slice node from the same bound expressions, so the nodes differ while their
// parts are the very same ones.
bool same_slice(const ast::ExprPtr& a, const ast::ExprPtr& b) {
  if (a == b) return true;
  auto* sa = ast::as<ast::Slice>(a);
  auto* sb = ast::as<ast::Slice>(b);
  return sa && sb && sa->lower == sb->lower && sa->upper == sb->upper && sa->step == sb->step;
}

bool same_target(const ast::ExprPtr& a, const ast::ExprPtr& b) {
  if (a == b) return true;
  auto* na = ast::as<ast::Name>(a);
  auto* nb = ast::as<ast::Name>(b);
  if (na && nb) return na->id == nb->id;
  auto* aa = ast::as<ast::Attribute>(a);
  auto* ab = ast::as<ast::Attribute>(b);
  if (aa && ab) return aa->attr == ab->attr && aa->value == ab->value;
  auto* sa = ast::as<ast::Subscript>(a);
  auto* sb = ast::as<ast::Subscript>(b);
  if (sa && sb) return sa->value == sb->value && same_slice(sa->slice, sb->slice);
  return false;
}

bool same_simple_constant(const Constant& a, const Constant& b) {
  if (a.kind != b.kind) return false;
  switch (a.kind) {
    case Constant::Kind::None:
    case Constant::Kind::Ellipsis:
      return true;
    case Constant::Kind::Bool:
      return a.boolean == b.boolean;
    case Constant::Kind::Int:
    case Constant::Kind::Str:
    case Constant::Kind::Bytes:
      return a.text == b.text;
    default:
      return false;  // floats (signed zeros, NaN) and containers: not worth the risk
  }
}

// `def name` stores `name`, or in a class `_Class__name` for a private
// name (the compiler mangles the store, not the code object's name).
bool defines_name(const std::string& code_name, const std::string& stored) {
  if (code_name == stored) return true;
  if (code_name.size() < 3 || code_name.compare(0, 2, "__") != 0 ||
      code_name.compare(code_name.size() - 2, 2, "__") == 0 || stored.size() <= code_name.size() + 1)
    return false;
  const std::size_t prefix = stored.size() - code_name.size();
  return stored.compare(prefix, std::string::npos, code_name) == 0 && stored[0] == '_' && stored[1] != '_';
}

// A function that only a `def` statement can write (not a lambda).
bool is_def_value(const Value& value) {
  return value.function && value.function->code && value.function->code->name != "<lambda>" &&
         (value.kind == Value::Kind::Function || !value.decorators.empty());
}

// A slice as written: a `None` bound is the same constant the compiler

}  // namespace

Value FunctionDecompiler::pop(Stack& stack, int index) {
  if (stack.empty()) fail(index, "stack underflow");
  Value value = std::move(stack.back());
  stack.pop_back();
  return value;
}

ast::ExprPtr FunctionDecompiler::expr_of(const Value& value, int index) {
  if (!value.decorators.empty() && !value.class_definition && is_def_value(value))
    fail(index, "a decorated function used as a value");
  switch (value.kind) {
    case Value::Kind::Expr:
    case Value::Kind::Iterator:
    case Value::Kind::Unknown:
      return value.expr;
    case Value::Kind::Function:
      return function_expression(*value.function, index);
    case Value::Kind::Module:
      return make::name(value.import->module.substr(0, value.import->module.find('.')));
    default:
      break;
  }
  // A slot of a rotation (`a, b = b, a`, see Swap) read as a value: the
  // assignment it was taken for is not one. Targets already stored would
  // be lost, later ones would never complete it: refuse either (the
  // store() check below), never print code without the stores.
  if (value.kind == Value::Kind::Slot && value.group && !value.group->values.empty() && !value.group->value) {
    if (value.group->filled > 0) fail(index, "a value of a tuple assignment is also used as a value");
    value.group->used_as_value = true;
  }
  if (value.expr) return value.expr;
  fail(index, "a stack slot that is not an expression is used as one");
}

ast::ExprPtr FunctionDecompiler::pop_expr(Stack& stack, int index) { return expr_of(pop(stack, index), index); }

void FunctionDecompiler::discard(int index, Stack& stack, ast::Body& out) {
  // 3.13 turn the first of two stores to the same local (`a, _, _ = t`)
  // into POP_TOP: that slot's target is the name the next store writes
  // (after the other POP_TOPs of a run: `t, _, _, _ = x`).
  if (!stack.empty() && stack.back().kind == Value::Kind::Slot) {
    if (const int target_store = dropped_store_target(index); target_store >= 0) {
      Value slot = pop(stack, index);
      store(index, slot, make::name(function_.instrs[target_store].name, ast::ExprContext::Store), stack, out);
      return;
    }
  }
  Value value = pop(stack, index);
  switch (value.kind) {
    case Value::Kind::Null:
    case Value::Kind::Iterator:
    case Value::Kind::Unknown:
    case Value::Kind::BuildClass:
      return;
    case Value::Kind::ImportedName:
      // (The attribute an `import a.b.c as d` took its next name from.)
      if (!value.import->has_fromlist) return;
      break;
    case Value::Kind::Module:
      if (value.import->has_fromlist && !value.import->names.empty()) {
        auto statement = make::import_from(
            value.import->module.empty() ? std::nullopt : std::optional<std::string>(value.import->module),
            value.import->names, value.import->level);
        statement->is_lazy = value.import->lazy;
        emit(out, statement, index);
      }
      return;
    default:
      break;
  }
  // The other copy of a duplicated value is still on the stack: the pop
  // just drops a temporary (chained comparison and similar idioms).
  if (value.copy_token) {
    for (const Value& other : stack)
      if (other.copy_token == value.copy_token) return;
    // The other copy was already consumed, evaluating the value once: the
    // object is just dropped (generated code shuffles copies like this).
    if (value.kind == Value::Kind::Expr && value.expr && value.walrus_targets.empty() &&
        consumed_elsewhere(value.expr.get(), stack, out))
      return;
  }
  if (pop_after_repeated_store(index, value, out)) return;
  // A constant, or a display of constants, has no effect (generated code
  // builds and drops empty lists).
  if (value.kind == Value::Kind::Expr && is_constant_display(value.expr)) return;
  // A temporary of ours (evaluation_order.cpp) was evaluated when it was assigned.
  if (auto* name = ast::as<ast::Name>(value.expr); name && is_temporary(name->id)) return;
  emit(out, make::expr_stmt(expr_of(value, index)), index);
}

// When the last statement assigns this very value (the node itself: a
// copy made by COPY/DUP_TOP), `targets` join it as further targets of that
// one assignment (`a = b = value`), which keeps its line: true.
bool FunctionDecompiler::chain_onto_previous_assignment(ast::Body& out, const ast::ExprPtr& value,
                                                        const std::vector<ast::ExprPtr>& targets) const {
  auto* previous = out.empty() ? nullptr : ast::as<ast::Assign>(out.back());
  if (previous == nullptr || previous->value != value) return false;
  auto merged = make::assign(previous->targets, value);
  // (A name stored before an unpacking in the chain already leads it:
  // `a = (y, z) = x = value` stores `a` once.)
  for (const ast::ExprPtr& target : targets)
    if (std::find(merged->targets.begin(), merged->targets.end(), target) == merged->targets.end())
      merged->targets.push_back(target);
  merged->lineno = previous->lineno;
  out.back() = merged;
  return true;
}

void FunctionDecompiler::store(int index, const Value& value, ast::ExprPtr target, Stack& stack, ast::Body& out) {
  // Slots of an unpacking or rotation: the assignment is emitted once every
  // slot has its target.
  if (value.kind == Value::Kind::Slot) {
    auto group = value.group;
    if (value.slot < 0 || value.slot >= int(group->targets.size())) fail(index, "bad unpacking slot");
    if (group->used_as_value) fail(index, "a value of a tuple assignment is also used as a value");
    // Slots are stored in source order (the first target is stored first),
    // whatever shuffle put them on the stack.
    const int position = group->filled;
    ast::ExprPtr slot_target = target;
    if (group->starred_index == value.slot) slot_target = make::starred(target, ast::ExprContext::Store);
    group->targets[position] = slot_target;
    if (!group->values.empty()) group->values[position] = value.expr;
    if (++group->filled < int(group->targets.size())) return;
    auto tuple = make::tuple(group->targets, ast::ExprContext::Store);
    if (group->parent) {
      Value parent_slot;
      parent_slot.kind = Value::Kind::Slot;
      parent_slot.group = group->parent;
      parent_slot.slot = group->parent_slot;
      parent_slot.expr = group->value;  // what a rotation carried into this slot
      store(index, parent_slot, tuple, stack, out);
      return;
    }
    if (!group->value && group->values.empty()) return;  // a for-loop target: read by the loop
    if (group->reversed_stores) {
      std::reverse(group->targets.begin(), group->targets.end());
      std::reverse(group->values.begin(), group->values.end());
      tuple = make::tuple(group->targets, ast::ExprContext::Store);
    }
    for (const auto& carried : group->values)
      if (!group->value && !carried) fail(index, "rotated value without an expression");
    ast::ExprPtr assigned = group->value ? group->value : make::tuple(group->values);
    // Two copies of one value unpacked in a row: `a, b = c, d = value`
    // (written as two statements, the value ran twice).
    // (A plain name stored between them is a walrus around the value now:
    // `a, b = x = c, d = value`.)
    if (group->value) {
      std::vector<ast::ExprPtr> targets;
      ast::ExprPtr inner = assigned;
      while (auto* named = ast::as<ast::NamedExpr>(inner)) {
        targets.insert(targets.begin(), named->target);
        inner = named->value;
      }
      targets.push_back(tuple);
      if (chain_onto_previous_assignment(out, inner, targets)) return;
      // `a = (y, z) = x = value`: the names stored before the unpacking
      // lead the chain, not a walrus inside it, so that a copy of the value
      // stored after it joins this one assignment (written as a second
      // one, the value ran twice).
      if (targets.size() > 1) {
        // (That copy, the same walrus node, now holds the assigned value.)
        for (Value& copy : stack)
          if (copy.expr == assigned && !copy.walrus_targets.empty()) copy.expr = inner;
        auto assign = make::assign(targets[0], inner);
        assign->targets = targets;
        emit(out, assign, index);
        return;
      }
    }
    emit(out, make::assign(tuple, assigned), index);
    return;
  }
  if (value.function && value.function->type_alias) {
    store_type_alias(index, value, target, out);
    return;
  }
  if (value.kind == Value::Kind::Function && ast::as<ast::Name>(target)) {
    const std::string& name = ast::as<ast::Name>(target)->id;
    if (defines_name(value.function->code->name, name)) {
      define_function(out, *value.function, {}, index);
      return;
    }
  }
  if (value.kind == Value::Kind::Module && ast::as<ast::Name>(target)) {
    const auto& import = *value.import;
    const std::string& name = ast::as<ast::Name>(target)->id;
    const std::string first = import.module.substr(0, import.module.find('.'));
    std::optional<std::string> asname;
    if (name != first || !import.attribute_chain.empty()) asname = name;
    auto statement = make::import({make::alias(import.module, asname)});
    statement->is_lazy = import.lazy;
    emit(out, statement, index);
    return;
  }
  if (value.kind == Value::Kind::ImportedName && ast::as<ast::Name>(target)) {
    auto& import = *value.import;
    const std::string& name = ast::as<ast::Name>(target)->id;
    if (!import.has_fromlist) {  // `import a.b as c`
      // (Only where the attributes walked are the module's own names.)
      const std::string first = import.module.substr(0, import.module.find('.'));
      if (first + import.attribute_chain != import.module)
        fail(index, "IMPORT_FROM chain that is not the module's path");
      auto statement = make::import({make::alias(import.module, name)});
      statement->is_lazy = import.lazy;
      emit(out, statement, index);
      return;
    }
    auto& alias = import.names[value.slot];
    if (alias.name != name) alias.asname = name;
    return;
  }
  if (value.function && (value.kind == Value::Kind::Expr) && ast::as<ast::Name>(target)) {
    const std::string& name = ast::as<ast::Name>(target)->id;
    if (value.class_definition) {
      emit(out, class_statement(value, name, index), index);
      return;
    }
    if (defines_name(value.function->code->name, name) && !value.decorators.empty()) {
      define_function(out, *value.function, value.decorators, index);
      return;
    }
  }
  // 3.12+ inlined comprehension: restoring the variable it saved.
  if (value.kind == Value::Kind::Unknown && ast::as<ast::Name>(target) && ast::as<ast::Name>(value.expr) &&
      ast::as<ast::Name>(value.expr)->id == "__depyf_unknown_saved_" + ast::as<ast::Name>(target)->id)
    return;
  // A copy stored while its twin stays on top of the stack: a walrus for
  // now; storing the twin too makes it a chained assignment.
  const bool twin_on_top = value.copy_token && !stack.empty() && stack.back().copy_token == value.copy_token &&
                           (value.kind == Value::Kind::Expr || value.kind == Value::Kind::Function) &&
                           !value.inplace && !value.accumulator;
  if (!value.walrus_targets.empty()) {
    std::vector<ast::ExprPtr> targets = value.walrus_targets;
    targets.push_back(target);
    if (twin_on_top && ast::as<ast::Name>(target)) {
      Value& twin = stack.back();
      twin.walrus_targets = targets;
      twin.walrus_value = value.walrus_value;
      twin.expr = make::named_expr(target, value.expr);
      twin.kind = Value::Kind::Expr;
      return;
    }
    // (`x.a = b = c.d = value`: the copy stored first, to an attribute,
    // was already written as an assignment of the same value.)
    if (!out.empty() && value.copy_token) {
      if (auto* previous = ast::as<ast::Assign>(out.back()); previous && previous->value == value.walrus_value) {
        std::vector<ast::ExprPtr> all = previous->targets;
        for (const ast::ExprPtr& more : targets)  // (the names before an unpacking lead it already)
          if (std::find(all.begin(), all.end(), more) == all.end()) all.push_back(more);
        targets = all;
        out.pop_back();
      }
    }
    auto assign = make::assign(targets[0], value.walrus_value);
    assign->targets = targets;
    emit(out, assign, index);
    if (twin_on_top) {  // `a = x.y = b = value`: the rest merge below
      Value& twin = stack.back();
      twin.walrus_targets.clear();
      twin.expr = value.walrus_value;
      twin.kind = Value::Kind::Expr;
    }
    return;
  }
  ast::ExprPtr assigned = expr_of(value, index);
  if (twin_on_top && ast::as<ast::Name>(target)) {
    Value& twin = stack.back();
    twin.walrus_targets = {target};
    twin.walrus_value = assigned;
    twin.expr = make::named_expr(target, assigned);
    twin.kind = Value::Kind::Expr;
    twin.function = nullptr;
    return;
  }
  // Two copies of one value stored in a row: `a = b = value`.
  if (value.copy_token && chain_onto_previous_assignment(out, assigned, {target})) return;
  if (value.inplace) {
    if (auto* binop = ast::as<ast::BinOp>(assigned); binop && same_target(binop->left, target)) {
      emit(out, make::aug_assign(target, binop->op, binop->right), index);
      return;
    }
    // Written `t = t + v` it would evaluate the target's parts twice and
    // call __add__ instead of __iadd__: refuse rather than change behaviour.
    fail(index, "in-place operation stored to a target this decompiler cannot match to its operand");
  }
  emit(out, make::assign(target, assigned), index);
}

// `a, b = c, d` from 3.11 on: plain values loaded one after another, then
// stored by a run of name stores. Storing them one by one would change the
// meaning (`a = d; b = c` when c reads a), so the run becomes one group.
void FunctionDecompiler::group_parallel_stores(int index, Value& value, Stack& stack) {
  // (A walrus item is one too: walrus_tuple_items.hpp.)
  auto plain = [&](const Value& v) {
    return (v.kind == Value::Kind::Expr && !v.inplace && !v.copy_token && v.group == nullptr && !v.function) ||
           finished_walrus(v, stack);
  };
  if (!plain(value) || stack.empty() || !plain(stack.back())) return;
  int run = 1;
  while (index + run < int(function_.instrs.size()) && ir::is_name_store(function_.instrs[index + run].op)) ++run;
  int pending = 0;
  while (pending < int(stack.size()) && plain(stack[stack.size() - 1 - pending])) ++pending;
  const int size = std::min(run, pending + 1);
  if (size < 2) return;
  auto group = std::make_shared<AssignmentGroup>();
  group->targets.assign(size, nullptr);
  group->values.assign(size, nullptr);
  group->reversed_stores = true;
  auto join = [&](Value& member, int slot) {
    member.kind = Value::Kind::Slot;
    member.group = group;
    member.slot = slot;
  };
  join(value, 0);
  for (int k = 1; k < size; ++k) join(stack[stack.size() - k], k);
}

void FunctionDecompiler::simulate_call(int index, Stack& stack) {
  const ir::Instr& instr = function_.instrs[index];
  std::vector<std::string> keyword_names;
  if (instr.arg2 == ir::kKwNamesOnStack) {
    keyword_names = string_tuple(pop_expr(stack, index));
  } else if (instr.arg2 >= 0 && instr.arg2 < int(code_.consts.size())) {
    for (const auto& item : code_.consts[instr.arg2]->items) keyword_names.push_back(item->text);
  }
  if (int(keyword_names.size()) > instr.arg) fail(index, "more keyword names than arguments");
  std::vector<Value> raw_args(instr.arg);
  for (int i = instr.arg - 1; i >= 0; --i) raw_args[i] = pop(stack, index);
  std::vector<Value> callable_slots(instr.extra);
  for (int i = instr.extra - 1; i >= 0; --i) callable_slots[i] = pop(stack, index);
  // 3.11+: [NULL, callable] or [callable, NULL] (a method load keeps its
  // object inside the Attribute and pushes a NULL marker). Two real values
  // mean the second is the first argument: 3.11+ compile `assert c, msg`
  // as AssertionError in the callable slot and msg in the self slot.
  const Value* callable = nullptr;
  for (const Value& slot : callable_slots) {
    if (slot.kind == Value::Kind::Null) continue;
    if (callable == nullptr) {
      callable = &slot;
    } else {
      raw_args.insert(raw_args.begin(), slot);
    }
  }
  if (callable == nullptr) fail(index, "call without a callable");
  // __exit__(None, None, None) leaving a with body: implied by the with.
  if (callable->kind == Value::Kind::WithExit) {
    stack.push_back(Value::null());
    return;
  }

  // class C(...): LOAD_BUILD_CLASS, <function>, 'C', bases...
  if (callable->kind == Value::Kind::BuildClass) {
    Value result;
    result.kind = Value::Kind::Expr;
    auto call = make::call(make::name("__build_class__"));
    for (std::size_t i = 0; i < raw_args.size(); ++i) {
      if (i + keyword_names.size() >= raw_args.size()) {
        call->keywords.push_back(make::keyword(keyword_names[i + keyword_names.size() - raw_args.size()],
                                               expr_of(raw_args[i], index)));
      } else if (i == 0 && raw_args[0].kind == Value::Kind::Function) {
        call->args.push_back(make::name("__depyf_class_body__"));
      } else {
        call->args.push_back(expr_of(raw_args[i], index));
      }
    }
    result.expr = call;
    result.function = raw_args.empty() ? nullptr : raw_args[0].function;
    result.class_definition = result.function != nullptr;
    stack.push_back(result);
    return;
  }
  // 3.12+ `def f[T]` / `class C[T]` / `type A[T] = ...`: a hidden function
  // that builds the definition, called at once.
  if (callable->kind == Value::Kind::Function && is_generic_parameters_scope(*callable->function->code)) {
    if (!keyword_names.empty()) fail(index, "generic parameters function called with keywords");
    stack.push_back(generic_definition(*callable->function, raw_args, index));
    return;
  }
  // A comprehension (≤3.11): <function of the comprehension code>(iter).
  if (callable->kind == Value::Kind::Function && raw_args.size() == 1 && keyword_names.empty() &&
      callable->function->code->name.size() > 1 && callable->function->code->name[0] == '<' &&
      callable->function->code->name != "<lambda>") {
    const Value& iterable = raw_args[0];
    stack.push_back(Value::of(comprehension_expression(*callable->function, iterable.expr, index)));
    return;
  }
  auto call = make::call(expr_of(*callable, index));
  Value result;
  // One positional argument that is a definition: a decorator application.
  if (raw_args.size() == 1 && keyword_names.empty() && raw_args[0].function &&
      (raw_args[0].kind == Value::Kind::Function || !raw_args[0].decorators.empty() ||
       raw_args[0].class_definition)) {
    result.function = raw_args[0].function;
    result.class_definition = raw_args[0].class_definition;
    result.decorators.push_back(call->func);
    result.decorators.insert(result.decorators.end(), raw_args[0].decorators.begin(), raw_args[0].decorators.end());
  }
  const std::size_t positional = raw_args.size() - keyword_names.size();
  for (std::size_t i = 0; i < raw_args.size(); ++i) {
    // A decorated `def` has no expression of its own: the store names it.
    ast::ExprPtr arg = !result.decorators.empty() && !result.class_definition && is_def_value(raw_args[i])
                           ? make::name("__depyf_decorated__")
                           : expr_of(raw_args[i], index);
    if (i < positional) {
      call->args.push_back(arg);
    } else {
      call->keywords.push_back(make::keyword(keyword_names[i - positional], arg));
    }
  }
  result.expr = call;
  stack.push_back(result);
}

// Whether the constant tuple passed as *args of a call with **kwargs holds
// positional arguments the compiler folded (`f(1, 2, **k)`) rather than one
// written `f(*(1, 2), **k)`: 3.10+ fold them (and pass `()` for none); 3.8
// and 3.9 fold them late, leaving each item in co_consts as well.
bool FunctionDecompiler::folded_arguments(const ast::ExprPtr& args) const {
  auto* constant = ast::as<ast::Constant>(args);
  if (constant == nullptr || constant->value->kind != Constant::Kind::Tuple) return false;
  if (code_.version.minor >= 10) return true;
  if (constant->value->items.empty()) return false;
  for (const auto& item : constant->value->items) {
    const bool listed = std::any_of(code_.consts.begin(), code_.consts.end(),
                                    [&](const ConstantPtr& c) { return same_simple_constant(*c, *item); });
    if (!listed) return false;
  }
  return true;
}

// 3.8 `assert c, msg`: c; POP_JUMP_IF_TRUE end; LOAD_GLOBAL AssertionError;
// [msg; CALL_FUNCTION 1;] RAISE_VARARGS 1; end: (3.9+ say LOAD_ASSERTION_ERROR).
bool FunctionDecompiler::is_assert_raise(int index) const {
  const auto& instrs = function_.instrs;
  if (index < 1 || instrs[index - 1].op != Op::PopJumpIfTrue) return false;
  int raise = index + 1;
  while (raise < int(instrs.size()) && raise - index < 64 && instrs[raise].op != Op::RaiseVarargs) ++raise;
  if (raise >= int(instrs.size()) || instrs[raise].op != Op::RaiseVarargs || instrs[raise].arg != 1) return false;
  if (block_at(raise) != block_at(index)) return false;
  if (raise != index + 1 && !(instrs[raise - 1].op == Op::Call && instrs[raise - 1].arg == 1)) return false;
  const int target = instrs[index - 1].target;
  if (target == raise + 1) return true;
  // (The peephole threads the jump past an unconditional jump that follows
  // the raise: the assert ends an if branch or a loop body.)
  return raise + 1 < int(instrs.size()) && instrs[raise + 1].op == Op::Jump && instrs[raise + 1].target == target;
}

void FunctionDecompiler::simulate_call_ex(int index, Stack& stack) {
  const ir::Instr& instr = function_.instrs[index];
  // (3.14+ always pass the keyword slot, a NULL when there are none.)
  ast::ExprPtr kwargs;
  if (instr.arg) {
    const Value slot = pop(stack, index);
    if (slot.kind != Value::Kind::Null) kwargs = expr_of(slot, index);
  }
  ast::ExprPtr args = pop_expr(stack, index);
  std::vector<Value> callable_slots(instr.extra);
  for (int i = instr.extra - 1; i >= 0; --i) callable_slots[i] = pop(stack, index);
  const Value* callable = nullptr;
  for (const Value& slot : callable_slots)
    if (slot.kind != Value::Kind::Null && callable == nullptr) callable = &slot;
  if (callable == nullptr) fail(index, "call without a callable");
  const bool builds_class = callable->kind == Value::Kind::BuildClass;
  auto call = make::call(builds_class ? make::name("__build_class__") : expr_of(*callable, index));
  // (A call's own `f(a, *b)` is BUILD_TUPLE_UNPACK_WITH_CALL on 3.8; the
  // plain one built a written `*(a, *b)`.)
  const bool written_tuple = std::find(written_unpack_tuples_.begin(), written_unpack_tuples_.end(), args.get()) !=
                             written_unpack_tuples_.end();
  auto elements = display_elements(args);
  // Plain arguments alone make a CALL_FUNCTION: `f(*(a, 2))` was written.
  // (3.10+ pass too many of them, over 30, as one tuple built as a list.)
  const bool built_as_list =
      std::find(list_built_tuples_.begin(), list_built_tuples_.end(), args) != list_built_tuples_.end();
  const bool plain_elements = elements && std::none_of(elements->begin(), elements->end(), [](const ast::ExprPtr& arg) {
                                return ast::as<ast::Starred>(arg) != nullptr;
                              });
  if (elements && !written_tuple && (kwargs || !plain_elements || built_as_list)) {
    call->args = *elements;
  } else if (auto constant_items = tuple_constant_items(args); constant_items && kwargs && folded_arguments(args)) {
    call->args = ast::as<ast::Tuple>(constant_items)->elts;
  } else {
    call->args.push_back(make::starred(args));
  }
  if (kwargs) {
    const bool starred = std::any_of(call->args.begin(), call->args.end(),
                                     [](const ast::ExprPtr& arg) { return ast::as<ast::Starred>(arg) != nullptr; });
    const bool written_map =
        std::find(written_unpack_maps_.begin(), written_unpack_maps_.end(), kwargs) != written_unpack_maps_.end();
    // (3.9+ merge a written `**{...}` into an empty map: a map alone is the
    // compiler's, which 3.10+ pass so when there are too many keywords.)
    const bool version9 = code_.version.minor >= 9;
    call->keywords =
        written_map ? std::vector{make::double_star(kwargs)} : call_keywords(kwargs, starred || version9, version9);
  }
  stack.push_back(builds_class ? class_definition_call(call, index) : Value::of(call));
}

void FunctionDecompiler::simulate_import(int index, Stack& stack, ast::Body& out) {
  const ir::Instr& instr = function_.instrs[index];
  if (instr.op == Op::ImportName) {
    ast::ExprPtr fromlist = pop_expr(stack, index);
    ast::ExprPtr level = pop_expr(stack, index);
    Value module;
    module.kind = Value::Kind::Module;
    module.import = std::make_shared<ImportValue>();
    module.import->module = instr.name;
    module.import->lazy = instr.arg2 == 1;
    if (auto* constant = ast::as<ast::Constant>(level); constant && constant->value->kind == Constant::Kind::Int) {
      module.import->level = std::stoi(constant->value->text);
    }
    auto* list = ast::as<ast::Constant>(fromlist);
    module.import->has_fromlist = list && list->value->kind != Constant::Kind::None;
    stack.push_back(module);
    return;
  }
  if (instr.op == Op::ImportFrom) {
    // `import a.b.c as d` walks one IMPORT_FROM per name after the first,
    // each from the attribute the one before it took (the module itself
    // dropped by ROT_TWO/SWAP 2; POP_TOP), the last one stored.
    if (!stack.empty() && stack.back().kind == Value::Kind::ImportedName && !stack.back().import->has_fromlist) {
      Value next = stack.back();
      next.import->attribute_chain += "." + instr.name;
      stack.push_back(next);
      return;
    }
    if (stack.empty() || stack.back().kind != Value::Kind::Module) fail(index, "IMPORT_FROM without a module");
    auto import = stack.back().import;
    Value imported;
    imported.kind = Value::Kind::ImportedName;
    imported.import = import;
    if (import->has_fromlist) {
      import->names.push_back(make::alias(instr.name));
      imported.slot = int(import->names.size()) - 1;
    } else {
      import->attribute_chain += "." + instr.name;
    }
    stack.push_back(imported);
    return;
  }
  import_star(index, stack, out);  // IMPORT_STAR (≤3.11)
}

void FunctionDecompiler::import_star(int index, Stack& stack, ast::Body& out) {
  Value module = pop(stack, index);
  if (module.kind != Value::Kind::Module) fail(index, "import * without a module");
  emit(out, make::import_from(module.import->module.empty() ? std::nullopt
                                                            : std::optional<std::string>(module.import->module),
                              {make::alias("*")}, module.import->level),
       index);
}

}  // namespace depyf::decompile
