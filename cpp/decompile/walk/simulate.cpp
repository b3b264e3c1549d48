// Straight-line instructions: how each IR op changes the simulated stack
// and which simple statements (assignments, expression statements, del,
// imports) it produces.
#include <algorithm>

#include "code/error.hpp"
#include "decompile/forms/call_keywords.hpp"
#include "decompile/forms/percent_format.hpp"
#include "decompile/forms/template_strings.hpp"
#include "decompile/forms/walrus_tuple_items.hpp"
#include "decompile/idioms/first_met_set_item.hpp"
#include "decompile/idioms/folded_constants.hpp"
#include "decompile/idioms/folded_float_operands.hpp"
#include "decompile/walk/function_decompiler.hpp"

namespace depyf::decompile {

namespace make = ast::make;
using ir::Op;

namespace {

ast::Operator operator_of(int binary_operator) {
  switch (static_cast<ir::BinaryOperator>(binary_operator)) {
    case ir::BinaryOperator::Add: return ast::Operator::Add;
    case ir::BinaryOperator::And: return ast::Operator::BitAnd;
    case ir::BinaryOperator::FloorDivide: return ast::Operator::FloorDiv;
    case ir::BinaryOperator::LeftShift: return ast::Operator::LShift;
    case ir::BinaryOperator::MatrixMultiply: return ast::Operator::MatMult;
    case ir::BinaryOperator::Multiply: return ast::Operator::Mult;
    case ir::BinaryOperator::Remainder: return ast::Operator::Mod;
    case ir::BinaryOperator::Or: return ast::Operator::BitOr;
    case ir::BinaryOperator::Power: return ast::Operator::Pow;
    case ir::BinaryOperator::RightShift: return ast::Operator::RShift;
    case ir::BinaryOperator::Subtract: return ast::Operator::Sub;
    case ir::BinaryOperator::TrueDivide: return ast::Operator::Div;
    case ir::BinaryOperator::Xor: return ast::Operator::BitXor;
  }
  return ast::Operator::Add;
}

std::optional<ast::CmpOp> comparison_of(int compare_operator) {
  switch (static_cast<ir::CompareOperator>(compare_operator)) {
    case ir::CompareOperator::Lt: return ast::CmpOp::Lt;
    case ir::CompareOperator::Le: return ast::CmpOp::LtE;
    case ir::CompareOperator::Eq: return ast::CmpOp::Eq;
    case ir::CompareOperator::Ne: return ast::CmpOp::NotEq;
    case ir::CompareOperator::Gt: return ast::CmpOp::Gt;
    case ir::CompareOperator::Ge: return ast::CmpOp::GtE;
    case ir::CompareOperator::In: return ast::CmpOp::In;
    case ir::CompareOperator::NotIn: return ast::CmpOp::NotIn;
    case ir::CompareOperator::Is: return ast::CmpOp::Is;
    case ir::CompareOperator::IsNot: return ast::CmpOp::IsNot;
    case ir::CompareOperator::ExceptionMatch: break;
  }
  return std::nullopt;
}

// A constant as an expression. 3.14+ fold constant slices into co_consts
// (`a[1:2]` loads slice(1, 2, None), `a[1:, 2]` a tuple holding one): they
// are written as slice syntax, which only a subscript accepts.
bool holds_slice(const Constant& constant) {
  if (constant.kind == Constant::Kind::Slice) return true;
  if (constant.kind != Constant::Kind::Tuple) return false;
  return std::any_of(constant.items.begin(), constant.items.end(), [](const ConstantPtr& item) { return holds_slice(*item); });
}

ast::ExprPtr constant_expression(const ConstantPtr& constant) {
  if (!holds_slice(*constant)) return make::constant(constant);
  std::vector<ast::ExprPtr> parts;
  for (const ConstantPtr& item : constant->items) {
    const bool none = item->kind == Constant::Kind::None;
    parts.push_back(constant->kind == Constant::Kind::Slice && none ? nullptr : constant_expression(item));
  }
  if (constant->kind == Constant::Kind::Tuple) return make::tuple(parts);
  if (parts.size() != 3) throw Error("slice constant without three parts");
  return make::slice(parts[0], parts[1], parts[2]);
}

// STORE_DEREF into a free variable comes from a `nonlocal` declaration,
// except in a 3.12+ inlined comprehension whose variable has the name of a
// free variable (`[lambda: T for T in T]`): the comprehension gives the
// slot a cell of its own (its saved value stays on the stack meanwhile),
// and `nonlocal T` of a type parameter would not even compile.
bool stores_free_variable(const CodeObject& code, const ir::Instr& instr, const Stack& stack) {
  if (std::find(code.freevars.begin(), code.freevars.end(), instr.name) == code.freevars.end()) return false;
  const std::string saved = "__depyf_unknown_saved_" + instr.name;
  return std::none_of(stack.begin(), stack.end(), [&](const Value& value) {
    auto* name = ast::as<ast::Name>(value.expr);
    return value.kind == Value::Kind::Unknown && name && name->id == saved;
  });
}

// loads for an omitted one (`x[2:]`, not `x[2:None]`).
ast::ExprPtr written_slice(const ast::ExprPtr& lower, const ast::ExprPtr& upper, const ast::ExprPtr& step) {
  auto omitted = [](const ast::ExprPtr& e) -> ast::ExprPtr { return is_none_constant(e) ? nullptr : e; };
  return make::slice(omitted(lower), omitted(upper), step ? omitted(step) : nullptr);
}

}  // namespace

// A constant tuple's items as constant expressions (a folded tuple display
// or argument tuple read back item by item); nullptr for anything else.
ast::ExprPtr tuple_constant_items(const ast::ExprPtr& expr) {
  auto* constant = ast::as<ast::Constant>(expr);
  if (constant == nullptr || constant->value->kind != Constant::Kind::Tuple) return nullptr;
  std::vector<ast::ExprPtr> items;
  for (const auto& item : constant->value->items) items.push_back(make::constant(item));
  return make::tuple(std::move(items));
}

void FunctionDecompiler::simulate(int index, Stack& stack, ast::Body& out) {
  const ir::Instr& instr = function_.instrs[index];
  visited_[index] = 1;
  // The nodes an instruction makes carry its line: the printer puts
  // and/or operands and comprehension clauses that began on a later line
  // on a new line (print/line_breaks.hpp), which 3.10/3.11 jump threading
  // depends on.
  auto with_line = [&](ast::ExprPtr expr) {
    if (expr && expr->lineno == 0) expr->lineno = instr.line;
    return expr;
  };
  auto push = [&](ast::ExprPtr expr) { stack.push_back(Value::of(with_line(std::move(expr)))); };
  auto name_target = [&](ast::ExprContext ctx) { return with_line(make::name(instr.name, ctx)); };
  switch (instr.op) {
    case Op::PopTop:
      discard(index, stack, out);
      return;
    case Op::Copy: {
      if (instr.arg < 1 || instr.arg > int(stack.size())) fail(index, "COPY beyond the stack");
      Value& original = stack[stack.size() - instr.arg];
      if (!original.copy_token) original.copy_token = std::make_shared<int>(index);
      stack.push_back(original);
      return;
    }
    case Op::Swap:
    case Op::Rotate: {
      const int n = instr.arg;
      if (n < 2 || n > int(stack.size())) fail(index, "stack shuffle beyond the stack");
      const auto first = stack.end() - n;
      // Rotating plain values that are then stored one by one is a tuple
      // assignment written `a, b = b, a`: tag them as one group.
      // (A walrus item is one too: walrus_tuple_items.hpp.)
      const bool plain = std::all_of(first, stack.end(), [&](const Value& v) {
        return (v.kind == Value::Kind::Expr && !v.inplace && !v.copy_token && v.group == nullptr) ||
               finished_walrus(v, stack);
      });
      const ir::Op next = index + 1 < int(function_.instrs.size()) ? function_.instrs[index + 1].op : Op::PopTop;
      const bool stores_follow = next == Op::StoreFast || next == Op::StoreName || next == Op::StoreGlobal ||
                                 next == Op::StoreDeref || next == Op::Swap || next == Op::Rotate ||
                                 next == Op::LoadFast || next == Op::LoadName || next == Op::LoadGlobal ||
                                 next == Op::LoadDeref || next == Op::UnpackSequence || next == Op::UnpackEx;
      if (instr.op == Op::Swap) {
        std::swap(stack[stack.size() - 1], stack[stack.size() - n]);
      } else {
        std::rotate(first, stack.end() - 1, stack.end());
      }
      if (plain && stores_follow) {
        auto group = std::make_shared<AssignmentGroup>();
        group->targets.assign(n, nullptr);
        group->values.assign(n, nullptr);
        for (int k = 0; k < n; ++k) {
          Value& slot = stack[stack.size() - 1 - k];
          ast::ExprPtr carried = slot.expr;
          slot.kind = Value::Kind::Slot;
          slot.group = group;
          slot.slot = k;
          slot.expr = carried;
        }
      }
      return;
    }
    case Op::PushNull:
      stack.push_back(Value::null());
      return;
    case Op::LoadConst: {
      const ConstantPtr constant = function_.constant(instr.arg);
      if (!constant) fail(index, "constant index out of range");
      if (code_.version.minor >= 14 && instr.arg < int(code_.consts.size())) {
        if (!folded_constants_found_) {
          folded_constants_ = find_folded_constants(function_, graph_);
          folded_constants_found_ = true;
        }
        if (folded_constants_.start >= 0 && instr.arg >= folded_constants_.start) {
          const bool leads = index == folded_constants_.first_load && !has_docstring(code_);
          if (auto folded = folding_expression_among(constant, leads ? folded_constants_.leading : nullptr, code_.consts)) {
            push(folded);
            return;
          }
        }
      }
      push(constant_expression(with_first_met_item_first(function_, constant)));
      return;
    }
    case Op::LoadCommonConstant:  // a builtin the compiler loads directly (3.14+)
      push(make::name(instr.name));
      return;
    case Op::LoadFast:
      if (instr.name == ".0") {  // a comprehension's argument: the iterator its first loop walks
        Value iterator;
        iterator.kind = Value::Kind::Iterator;
        iterator.expr = make::name(instr.name);
        stack.push_back(iterator);
        return;
      }
      // (3.13+ load a cell itself with LOAD_FAST, LOAD_CLOSURE being a
      // pseudo-instruction now; generated code passes cells as values.)
      // (Not inside an inlined comprehension whose variable shadows the
      // cell: its slot, saved by LOAD_FAST_AND_CLEAR below the comprehension's
      // values, holds the comprehension's own plain value.)
      if (code_.version.minor >= 13 &&
          (std::find(code_.cellvars.begin(), code_.cellvars.end(), instr.name) != code_.cellvars.end() ||
           std::find(code_.freevars.begin(), code_.freevars.end(), instr.name) != code_.freevars.end()) &&
          !shadowed_by_inlined_comprehension(instr.name, stack)) {
        push(closure_feeds_definition(index) ? make::name(instr.name) : cell_expression(instr.name));
        return;
      }
      push(make::name(instr.name));
      return;
    case Op::LoadName:
    case Op::LoadFastCheck:
    case Op::LoadDeref:
    case Op::LoadClassDeref:
      push(make::name(instr.name));
      return;
    case Op::LoadClosure:
      push(closure_feeds_definition(index) ? make::name(instr.name) : cell_expression(instr.name));
      return;
    case Op::LoadGlobal:
      if (code_.version.minor == 8 && instr.name == "AssertionError" && is_assert_raise(index)) {
        auto name = make::name("AssertionError");
        assertion_errors_.push_back(name);
        push(name);
        return;
      }
      // (Not inside a 3.12+ comprehension inlined into the class body: its
      // free names are read as globals there without any declaration.)
      if (kind_ == CodeKind::Class && std::find(globals_.begin(), globals_.end(), instr.name) == globals_.end() &&
          std::none_of(stack.begin(), stack.end(), [](const Value& value) { return value.accumulator; }))
        globals_.push_back(instr.name);
      if (instr.arg2 && function_.code->version.minor <= 12) stack.push_back(Value::null());
      push(make::name(instr.name));
      if (instr.arg2 && function_.code->version.minor >= 13) stack.push_back(Value::null());
      return;
    case Op::LoadFromDictOrDeref:
    case Op::LoadFromDictOrGlobals:
      pop(stack, index);
      push(make::name(instr.name));
      return;
    case Op::LoadFastAndClear:
      stack.push_back(Value::unknown("saved_" + instr.name));
      return;
    case Op::LoadLocals:
      push(make::call(make::name("locals")));
      return;
    case Op::LoadBuildClass: {
      Value marker;
      marker.kind = Value::Kind::BuildClass;
      stack.push_back(marker);
      return;
    }
    case Op::LoadAssertionError: {
      auto name = make::name("AssertionError");
      assertion_errors_.push_back(name);
      push(name);
      return;
    }
    case Op::StoreName:
    case Op::StoreFast:
    case Op::StoreDeref:
    case Op::StoreGlobal: {
      if (instr.op == Op::StoreGlobal && std::find(globals_.begin(), globals_.end(), instr.name) == globals_.end())
        globals_.push_back(instr.name);
      if (instr.op == Op::StoreDeref && stores_free_variable(code_, instr, stack) &&
          std::find(nonlocals_.begin(), nonlocals_.end(), instr.name) == nonlocals_.end())
        nonlocals_.push_back(instr.name);
      if (instr.op == Op::StoreName && deferred_annotation_store(instr.name, stack)) return;
      Value value = pop(stack, index);
      group_parallel_stores(index, value, stack);
      store(index, value, name_target(ast::ExprContext::Store), stack, out);
      return;
    }
    case Op::DeleteName:
    case Op::DeleteFast:
    case Op::DeleteDeref:
    case Op::DeleteGlobal:
      if (instr.op == Op::DeleteGlobal && std::find(globals_.begin(), globals_.end(), instr.name) == globals_.end())
        globals_.push_back(instr.name);
      // Deleting a free variable, like storing one, needs `nonlocal`.
      if (instr.op == Op::DeleteDeref &&
          std::find(code_.freevars.begin(), code_.freevars.end(), instr.name) != code_.freevars.end() &&
          std::find(nonlocals_.begin(), nonlocals_.end(), instr.name) == nonlocals_.end())
        nonlocals_.push_back(instr.name);
      emit(out, make::delete_({name_target(ast::ExprContext::Del)}), index);
      return;
    case Op::LoadAttr:
      push(make::attribute(pop_expr(stack, index), instr.name));
      return;
    case Op::LoadMethod: {
      ast::ExprPtr owner = pop_expr(stack, index);
      push(make::attribute(owner, instr.name));
      stack.push_back(Value::null());
      return;
    }
    case Op::LoadSuperAttr: {
      // 3.12: [global super, class, self] -> super().name (zero-argument form when arg2 bit 1 is clear).
      ast::ExprPtr self = pop_expr(stack, index);
      ast::ExprPtr cls = pop_expr(stack, index);
      ast::ExprPtr super_fn = pop_expr(stack, index);
      auto super_call = make::call(super_fn);
      if (instr.arg2 & 2) super_call->args = {cls, self};
      push(make::attribute(super_call, instr.name));
      if (instr.arg2 & 1) stack.push_back(Value::null());
      return;
    }
    case Op::StoreAttr: {
      ast::ExprPtr owner = pop_expr(stack, index);
      Value value = pop(stack, index);
      store(index, value, make::attribute(owner, instr.name, ast::ExprContext::Store), stack, out);
      return;
    }
    case Op::DeleteAttr:
      emit(out, make::delete_({make::attribute(pop_expr(stack, index), instr.name, ast::ExprContext::Del)}), index);
      return;
    case Op::BinarySubscr: {
      ast::ExprPtr key = pop_expr(stack, index);
      push(make::subscript(pop_expr(stack, index), key));
      return;
    }
    case Op::StoreSubscr: {
      ast::ExprPtr key = pop_expr(stack, index);
      ast::ExprPtr owner = pop_expr(stack, index);
      Value value = pop(stack, index);
      if (value.kind == Value::Kind::Expr && store_annotation(index, owner, key, value.expr, out)) return;
      store(index, value, make::subscript(owner, key, ast::ExprContext::Store), stack, out);
      return;
    }
    case Op::DeleteSubscr: {
      ast::ExprPtr key = pop_expr(stack, index);
      emit(out, make::delete_({make::subscript(pop_expr(stack, index), key, ast::ExprContext::Del)}), index);
      return;
    }
    case Op::BinarySlice: {
      ast::ExprPtr upper = pop_expr(stack, index);
      ast::ExprPtr lower = pop_expr(stack, index);
      ast::ExprPtr owner = pop_expr(stack, index);
      push(make::subscript(owner, written_slice(lower, upper, nullptr)));
      return;
    }
    case Op::StoreSlice: {
      ast::ExprPtr upper = pop_expr(stack, index);
      ast::ExprPtr lower = pop_expr(stack, index);
      ast::ExprPtr owner = pop_expr(stack, index);
      Value value = pop(stack, index);
      store(index, value, make::subscript(owner, written_slice(lower, upper, nullptr), ast::ExprContext::Store), stack,
            out);
      return;
    }
    case Op::UnaryNegative:
      push(make::unaryop(ast::UnaryOperator::USub, pop_expr(stack, index)));
      return;
    case Op::UnaryPositive:
      push(make::unaryop(ast::UnaryOperator::UAdd, pop_expr(stack, index)));
      return;
    case Op::UnaryInvert:
      push(make::unaryop(ast::UnaryOperator::Invert, pop_expr(stack, index)));
      return;
    case Op::UnaryNot:
      push(make::unaryop(ast::UnaryOperator::Not, pop_expr(stack, index)));
      return;
    case Op::BinaryOp: {
      ast::ExprPtr right = pop_expr(stack, index);
      ast::ExprPtr left = pop_expr(stack, index);
      const ast::Operator op = operator_of(instr.arg);
      if (code_.version.minor >= 11 && op == ast::Operator::Mod && instr.arg2 == 0)
        left = unfoldable_format_operand(left, right, code_.version.minor >= 14);
      Value result = Value::of(make::binop(left, op, right));
      result.inplace = instr.arg2 != 0;
      stack.push_back(result);
      return;
    }
    case Op::Compare: {
      ast::ExprPtr right = pop_expr(stack, index);
      ast::ExprPtr left = pop_expr(stack, index);
      auto op = comparison_of(instr.arg);
      if (!op) fail(index, "exception-match comparison outside an except clause");
      push(make::compare(left, *op, right));
      return;
    }
    case Op::BuildTuple:
    case Op::BuildList:
    case Op::BuildSet: {
      if (builds_type_alias(index)) {
        build_type_alias(index, stack);
        return;
      }
      if (instr.op != Op::BuildSet) hold_class_body(instr.arg, stack);
      std::vector<ast::ExprPtr> items(instr.arg);
      for (int i = instr.arg - 1; i >= 0; --i) items[i] = pop_expr(stack, index);
      if (instr.op == Op::BuildTuple) push(make::tuple(std::move(items)));
      if (instr.op == Op::BuildList) push(make::list(std::move(items)));
      if (instr.op == Op::BuildSet) push(make::set(std::move(items)));
      // ≤3.11 comprehension code starts by building what it accumulates into.
      if (comprehension_mode_ && index == 0 && instr.arg == 0) stack.back().accumulator = true;
      return;
    }
    case Op::BuildMap: {
      std::vector<ast::ExprPtr> keys(instr.arg), values(instr.arg);
      for (int i = instr.arg - 1; i >= 0; --i) {
        values[i] = pop_expr(stack, index);
        keys[i] = pop_expr(stack, index);
      }
      push(make::dict(std::move(keys), std::move(values)));
      if (comprehension_mode_ && index == 0 && instr.arg == 0) stack.back().accumulator = true;
      return;
    }
    case Op::BuildConstKeyMap: {
      ast::ExprPtr key_tuple = pop_expr(stack, index);
      std::vector<ast::ExprPtr> values(instr.arg), keys;
      for (int i = instr.arg - 1; i >= 0; --i) values[i] = pop_expr(stack, index);
      auto* constant = ast::as<ast::Constant>(key_tuple);
      if (constant == nullptr || int(constant->value->items.size()) != instr.arg) fail(index, "BUILD_CONST_KEY_MAP keys");
      for (const auto& key : constant->value->items) keys.push_back(make::constant(key));
      push(make::dict(std::move(keys), std::move(values)));
      return;
    }
    case Op::BuildString: {
      std::vector<ast::ExprPtr> parts(instr.arg);
      for (int i = instr.arg - 1; i >= 0; --i) parts[i] = pop_expr(stack, index);
      std::vector<ast::ExprPtr> values;
      for (auto& part : parts) {
        if (auto* joined = ast::as<ast::JoinedStr>(part)) {
          values.insert(values.end(), joined->values.begin(), joined->values.end());
        } else {
          values.push_back(part);
        }
      }
      push(make::joined_str(std::move(values)));
      return;
    }
    case Op::BuildSlice: {
      ast::ExprPtr step = instr.arg == 3 ? pop_expr(stack, index) : nullptr;
      ast::ExprPtr upper = pop_expr(stack, index);
      ast::ExprPtr lower = pop_expr(stack, index);
      push(written_slice(lower, upper, step));
      return;
    }
    case Op::BuildUnpack: {
      std::vector<ast::ExprPtr> parts(instr.arg);
      for (int i = instr.arg - 1; i >= 0; --i) parts[i] = pop_expr(stack, index);
      const auto kind = static_cast<ir::UnpackBuildKind>(instr.arg2);
      if (kind == ir::UnpackBuildKind::Map || kind == ir::UnpackBuildKind::MapWithCall) {
        std::vector<ast::ExprPtr> keys, values;
        bool after_keywords = false;
        std::set<std::string> keyword_names;
        for (auto& part : parts) {
          auto* dict = ast::as<ast::Dict>(part);
          // (The compiler puts a run of keywords into one map: a map right
          // after another was a written `**{'name': value}`.)
          if (dict && kind == ir::UnpackBuildKind::MapWithCall && after_keywords) dict = nullptr;
          // In a call, the compiler's own keyword maps have keyword names
          // only, none repeated; any other map is a `**{...}` display.
          if (dict && kind == ir::UnpackBuildKind::MapWithCall && !claim_keyword_names(*dict, false, keyword_names))
            dict = nullptr;
          if (dict) {
            keys.insert(keys.end(), dict->keys.begin(), dict->keys.end());
            values.insert(values.end(), dict->values.begin(), dict->values.end());
          } else {
            keys.push_back(nullptr);
            values.push_back(part);
          }
          after_keywords = dict != nullptr;
        }
        auto dict = make::dict(std::move(keys), std::move(values));
        if (kind == ir::UnpackBuildKind::Map) written_unpack_maps_.push_back(dict);
        push(dict);
        return;
      }
      std::vector<ast::ExprPtr> elements;
      bool after_run = false;
      for (auto& part : parts) {
        auto* tuple = ast::as<ast::Tuple>(part);
        if (!tuple && folded_arguments(part)) {
          // Constant runs of arguments arrive folded: f(1, 2, *a) has (1, 2).
          if (auto items = tuple_constant_items(part)) tuple = ast::as<ast::Tuple>(items), part = items;
        }
        // The compiler puts a run of plain items into one tuple: a tuple
        // right after another was a written `*(2, 3)` (`f(1, *(2, 3))`).
        if (after_run) tuple = nullptr;
        after_run = tuple != nullptr;
        if (tuple) {
          elements.insert(elements.end(), tuple->elts.begin(), tuple->elts.end());
        } else {
          elements.push_back(make::starred(part));
        }
      }
      if (kind == ir::UnpackBuildKind::List) {
        push(make::list(std::move(elements)));
      } else if (kind == ir::UnpackBuildKind::Set) {
        push(make::set(std::move(elements)));
      } else {
        auto tuple = make::tuple(std::move(elements));
        if (kind == ir::UnpackBuildKind::Tuple) written_unpack_tuples_.push_back(tuple.get());
        push(tuple);
      }
      return;
    }
    case Op::ListExtend:
    case Op::SetUpdate:
    case Op::ListAppend:
    case Op::SetAdd: {
      if (instr.op == Op::SetAdd && instr.arg == 1 && conditional_annotation_mark(index, stack, out)) return;
      ast::ExprPtr item = pop_expr(stack, index);
      const bool into_accumulator = (instr.op == Op::ListAppend || instr.op == Op::SetAdd) && instr.arg >= 1 &&
                                    instr.arg <= int(stack.size()) && stack[stack.size() - instr.arg].accumulator;
      if (into_accumulator) {
        emit(out, make::expr_stmt(make::call(make::name("__depyf_element__"), {item})), index);
        return;
      }
      if (instr.arg < 1 || instr.arg > int(stack.size())) fail(index, "display update beyond the stack");
      Value& target = stack[stack.size() - instr.arg];
      const bool extend = instr.op == Op::ListExtend || instr.op == Op::SetUpdate;
      const bool is_display = ast::as<ast::List>(target.expr) || ast::as<ast::Set>(target.expr);
      if (!is_display || shared_with_other_slot(target, stack)) {
        static const char* const kMethods[] = {"extend", "update", "append", "add"};
        const int which = instr.op == Op::ListExtend ? 0 : instr.op == Op::SetUpdate ? 1 : instr.op == Op::ListAppend ? 2 : 3;
        update_container_in_place(index, target, kMethods[which], {item}, stack, out);
        return;
      }
      std::vector<ast::ExprPtr> elts;
      if (auto* list = ast::as<ast::List>(target.expr)) elts = list->elts;
      else if (auto* set = ast::as<ast::Set>(target.expr)) elts = set->elts;
      else fail(index, "display update of something that is not a display");
      // (More added to a display read as a folded constant one: the
      // constant was a written `*(1, 2, 3)`.)
      for (const auto& [display, constant] : folded_displays_)
        if (display == target.expr) elts = {make::starred(constant)};
      ast::ExprPtr folded;
      if (extend) {
        // A constant tuple extended into an empty display is how 3.9+ build
        // long constant lists: [1, 2, 3] (more than two items, all of them
        // constants; a shorter one was a written `*(1, 2)`).
        auto items = tuple_constant_items(item);
        // ... and long constant sets from a frozenset: {1, 2, 3}.
        auto* constant = ast::as<ast::Constant>(item);
        if (!items && constant && constant->value->kind == Constant::Kind::FrozenSet &&
            ast::as<ast::Set>(target.expr)) {
          std::vector<ast::ExprPtr> members;
          for (const auto& member : constant->value->items) members.push_back(make::constant(member));
          items = make::tuple(std::move(members));
        }
        if (items && elts.empty() && ast::as<ast::Tuple>(items)->elts.size() > 2) {
          elts = ast::as<ast::Tuple>(items)->elts;
          folded = item;
        } else {
          elts.push_back(make::starred(item));
        }
      } else {
        elts.push_back(item);
      }
      if (ast::as<ast::List>(target.expr)) target.expr = make::list(std::move(elts));
      else target.expr = make::set(std::move(elts));
      if (folded) folded_displays_.emplace_back(target.expr, folded);
      return;
    }
    case Op::DictUpdate:
    case Op::DictMerge:
    case Op::MapAdd: {
      ast::ExprPtr value = pop_expr(stack, index);
      ast::ExprPtr key = instr.op == Op::MapAdd ? pop_expr(stack, index) : nullptr;
      const bool into_accumulator = instr.op == Op::MapAdd && instr.arg >= 1 && instr.arg <= int(stack.size()) &&
                                    stack[stack.size() - instr.arg].accumulator;
      if (into_accumulator) {
        emit(out, make::expr_stmt(make::call(make::name("__depyf_element__"), {key, value})), index);
        return;
      }
      if (instr.arg < 1 || instr.arg > int(stack.size())) fail(index, "dict update beyond the stack");
      Value& target = stack[stack.size() - instr.arg];
      auto* dict = ast::as<ast::Dict>(target.expr);
      if (dict == nullptr || shared_with_other_slot(target, stack)) {
        if (instr.op == Op::MapAdd) update_container_in_place(index, target, "__setitem__", {key, value}, stack, out);
        else update_container_in_place(index, target, "update", {value}, stack, out);
        return;
      }
      auto keys = dict->keys;
      auto values = dict->values;
      if (instr.op == Op::MapAdd) {
        keys.push_back(key);
        values.push_back(value);
      } else if (auto* other = ast::as<ast::Dict>(value); other && instr.op == Op::DictUpdate && keys.empty()) {
        keys = other->keys;
        values = other->values;
      } else {
        keys.push_back(nullptr);
        values.push_back(value);
      }
      target.expr = make::dict(std::move(keys), std::move(values));
      return;
    }
    case Op::ListToTuple: {
      ast::ExprPtr list = pop_expr(stack, index);
      auto* display = ast::as<ast::List>(list);
      if (display == nullptr) fail(index, "LIST_TO_TUPLE of something that is not a list display");
      list_built_tuples_.push_back(make::tuple(display->elts));
      push(list_built_tuples_.back());
      return;
    }
    case Op::UnpackSequence:
    case Op::UnpackEx: {
      if (is_star_annotation(index, stack)) {
        push(make::starred(pop_expr(stack, index)));
        return;
      }
      Value source = pop(stack, index);
      // A value a swap put in place (tagged as a slot of `a, b = b, a`,
      // see Swap) that is unpacked into values, not stored: generated code
      // (Dynamo's `BUILD_LIST 0; SWAP 2; UNPACK_SEQUENCE 1`) shuffles
      // values it goes on using. Compiled `a, (b, c) = x, y` stores next.
      if (source.kind == Value::Kind::Slot && source.expr && source.group && !source.group->values.empty() &&
          unpacked_into_values(index))
        source.kind = Value::Kind::Expr;
      const int before = instr.op == Op::UnpackEx ? (instr.arg & 0xff) : instr.arg;
      const int after = instr.op == Op::UnpackEx ? (instr.arg >> 8) : 0;
      const int count = before + after + (instr.op == Op::UnpackEx ? 1 : 0);
      if (count == 0 && source.kind != Value::Kind::Slot && source.kind != Value::Kind::ForItem) {
        // `[] = value`: no store follows to complete the assignment.
        emit(out, make::assign(make::list({}, ast::ExprContext::Store), expr_of(source, index)), index);
        return;
      }
      auto group = std::make_shared<AssignmentGroup>();
      group->targets.assign(count, nullptr);
      if (instr.op == Op::UnpackEx) group->starred_index = before;
      if (source.kind == Value::Kind::Slot) {  // nested: (a, b), c = ...
        group->parent = source.group;
        group->parent_slot = source.slot;
        group->value = source.expr;  // a rotated value (a, (b, c) = x, y), else null
      } else if (source.kind == Value::Kind::ForItem) {
        group->parent = source.group;
        group->parent_slot = 0;
      } else {
        group->value = expr_of(source, index);
        if (unpacked_into_values(index)) {
          unpack_into_temporaries(index, group, stack, out);
          return;
        }
      }
      for (int k = count - 1; k >= 0; --k) {
        Value slot;
        slot.kind = Value::Kind::Slot;
        slot.group = group;
        slot.slot = k;
        stack.push_back(slot);
      }
      if (count == 0) {
        // `for [] in x`, `a, [] = value`: no store completes this target.
        Value parent_slot;
        parent_slot.kind = Value::Kind::Slot;
        parent_slot.group = group->parent;
        parent_slot.slot = group->parent_slot;
        parent_slot.expr = group->value;
        store(index, parent_slot, make::list({}, ast::ExprContext::Store), stack, out);
      }
      return;
    }
    case Op::FormatValue: {
      ast::ExprPtr spec = instr.arg2 ? pop_expr(stack, index) : nullptr;
      Value value = pop(stack, index);
      int conversion = -1;
      static constexpr int kConversions[] = {-1, 's', 'r', 'a'};
      if (instr.arg >= 1 && instr.arg <= 3) conversion = kConversions[instr.arg];
      ast::ExprPtr inner = expr_of(value, index);
      if (auto* pending = ast::as<ast::FormattedValue>(inner); pending && value.inplace) {
        // 3.13: CONVERT_VALUE left a conversion waiting for the format step.
        conversion = pending->conversion;
        inner = pending->value;
      }
      if (spec && !ast::as<ast::JoinedStr>(spec)) spec = make::joined_str({spec});
      push(make::joined_str({make::formatted_value(inner, conversion, spec)}));
      return;
    }
    case Op::BuildInterpolation: {
      ast::ExprPtr spec = (instr.arg & 1) ? pop_expr(stack, index) : nullptr;
      ast::ExprPtr source_text = pop_expr(stack, index);
      ast::ExprPtr value = pop_expr(stack, index);
      push(interpolation_from_stack(std::move(value), std::move(source_text), std::move(spec), instr.arg));
      return;
    }
    case Op::BuildTemplate: {
      ast::ExprPtr interpolations = pop_expr(stack, index);
      ast::ExprPtr strings = pop_expr(stack, index);
      ast::ExprPtr made = template_from_parts(strings, interpolations);
      if (!made) fail(index, "BUILD_TEMPLATE of parts that are not a template's");
      push(made);
      return;
    }
    case Op::ConvertValue: {
      static constexpr int kConversions[] = {-1, 's', 'r', 'a'};
      ast::ExprPtr inner = pop_expr(stack, index);
      Value pending = Value::of(make::formatted_value(inner, kConversions[instr.arg & 3]));
      pending.inplace = true;  // marks "conversion only", consumed by FormatValue
      stack.push_back(pending);
      return;
    }
    case Op::Call:
      simulate_call(index, stack);
      return;
    case Op::CallFunctionEx:
      simulate_call_ex(index, stack);
      return;
    case Op::CallIntrinsic1: {
      if (instr.arg == 2) {  // INTRINSIC_IMPORT_STAR (3.12+): `from m import *`, its None result dropped next
        import_star(index, stack, out);
        stack.push_back(Value::unknown("import_star_result"));
        return;
      }
      if (instr.arg == 11) {  // INTRINSIC_TYPEALIAS: the statement was read from its BUILD_TUPLE
        if (stack.empty() || !stack.back().function || !stack.back().function->type_alias)
          fail(index, "INTRINSIC_TYPEALIAS without a type alias");
        return;
      }
      ast::ExprPtr operand = pop_expr(stack, index);
      switch (instr.arg) {
        case 1:  // INTRINSIC_PRINT (interactive mode)
          emit(out, make::expr_stmt(operand), index);
          stack.push_back(Value::unknown("print"));
          return;
        case 4:  // INTRINSIC_ASYNC_GEN_WRAP (3.12+): the value an async generator yields
          push(operand);
          return;
        case 5:  // INTRINSIC_UNARY_POSITIVE
          push(make::unaryop(ast::UnaryOperator::UAdd, operand));
          return;
        case 6: {  // INTRINSIC_LIST_TO_TUPLE
          auto* display = ast::as<ast::List>(operand);
          if (display) list_built_tuples_.push_back(make::tuple(display->elts));
          push(display ? list_built_tuples_.back() : operand);
          return;
        }
        default:
          fail(index, "unsupported intrinsic " + std::to_string(instr.arg));
      }
    }
    case Op::MakeFunction: {
      Value made;
      made.kind = Value::Kind::Function;
      made.function = std::make_shared<FunctionValue>();
      if (instr.extra) {
        ast::ExprPtr qualname = pop_expr(stack, index);
        if (auto* c = ast::as<ast::Constant>(qualname)) made.function->qualname = c->value->text;
      }
      ast::ExprPtr code = pop_expr(stack, index);
      auto* constant = ast::as<ast::Constant>(code);
      if (constant == nullptr || constant->value->kind != Constant::Kind::Code) fail(index, "MAKE_FUNCTION without code");
      made.function->code = constant->value->code;
      if (instr.arg & 0x08) made.function->closure = pop_expr(stack, index);
      if (instr.arg & 0x04) made.function->annotations = pop_expr(stack, index);
      if (instr.arg & 0x02) made.function->kwdefaults = pop_expr(stack, index);
      if (instr.arg & 0x01) made.function->defaults = pop_expr(stack, index);
      stack.push_back(made);
      return;
    }
    case Op::SetFunctionAttribute: {
      Value made = pop(stack, index);
      if (made.kind != Value::Kind::Function) fail(index, "SET_FUNCTION_ATTRIBUTE without a function");
      auto function = std::make_shared<FunctionValue>(*made.function);
      if (instr.arg == 0x10) {  // 3.14+ __annotate__
        Value annotate = pop(stack, index);
        if (annotate.kind != Value::Kind::Function) fail(index, "an annotate attribute that is not a function");
        function->annotations = annotations_from_annotate(*annotate.function, index);
        made.function = function;
        stack.push_back(made);
        return;
      }
      ast::ExprPtr attribute = pop_expr(stack, index);
      if (instr.arg == 0x08) function->closure = attribute;
      if (instr.arg == 0x04) function->annotations = attribute;
      if (instr.arg == 0x02) function->kwdefaults = attribute;
      if (instr.arg == 0x01) function->defaults = attribute;
      made.function = function;
      stack.push_back(made);
      return;
    }
    case Op::ImportName:
    case Op::ImportFrom:
    case Op::ImportStar:
      simulate_import(index, stack, out);
      return;
    case Op::GetAIter:  // `async for`: the loop (async_constructs.cpp) reads it as its iterable
    case Op::GetIter: {
      Value iterable = pop(stack, index);
      Value iterator;
      iterator.kind = Value::Kind::Iterator;
      iterator.expr = expr_of(iterable, index);
      iterator.function = iterable.function;
      stack.push_back(iterator);
      return;
    }
    case Op::GetAwaitable:
      // Leaving an async with: __aexit__(None, None, None), implied by the
      // statement (a null slot, see simulate_call), is awaited.
      if (!stack.empty() && stack.back().kind == Value::Kind::Null) return;
      push(make::await_(pop_expr(stack, index)));
      return;
    case Op::GetYieldFromIter:
      return;  // `yield from x` evaluates x then this; the YieldFrom/Send loop reads it
    case Op::YieldValue:
      push(make::yield_(pop_expr(stack, index)));
      return;
    case Op::YieldFrom: {
      pop(stack, index);  // the None sent in
      if (!stack.empty() && stack.back().kind == Value::Kind::Null) return;  // the awaited __aexit__ above
      ast::ExprPtr source = pop_expr(stack, index);
      if (is_awaited_comprehension(source)) {
        // ≤3.11 await the result of calling an async comprehension's code.
        push(ast::as<ast::Await>(source)->value);
      } else if (auto* await = ast::as<ast::Await>(source)) {
        push(source);  // `await x` is GET_AWAITABLE; LOAD_CONST None; YIELD_FROM
        (void)await;
      } else {
        push(make::yield_from(source));
      }
      return;
    }
    case Op::Nop:
      return;
    case Op::CleanupThrow:
      // Only a folded send loop falls into one (3.12+ except clauses place
      // the loop's throw cleanup inline); as a handler it is transparent.
      if (index > 0 && function_.instrs[index - 1].op == Op::Nop) return;
      fail(index, "CLEANUP_THROW outside a send loop");
    case Op::SetupAnnotations:
      return;  // implied by the first annotated assignment
    case Op::PrintExpr:
      emit(out, make::expr_stmt(pop_expr(stack, index)), index);
      return;
    default:
      fail(index, std::string("no decompilation for ") + ir::op_name(instr.op) + " yet");
  }
}

}  // namespace depyf::decompile
