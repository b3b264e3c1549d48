// Versions: 3.14+ (PEP 649/749, deferred evaluation of annotations).
// Source: annotations of a def, `def f(a: int, *b: T) -> str:`.
// Bytecode: no annotations tuple; a function `__annotate__(format)` made
// before the def's own and attached with SET_FUNCTION_ATTRIBUTE 16:
//   LOAD_FAST format; LOAD_SMALL_INT 2; COMPARE_OP >; POP_JUMP_IF_FALSE L;
//   NOT_TAKEN; LOAD_COMMON_CONSTANT NotImplementedError; RAISE_VARARGS 1
//   L: LOAD_CONST 'a'; <int>; LOAD_CONST 'b'; <T>; ...; BUILD_MAP n; RETURN_VALUE
// (inside a class the names are read through the class namespace:
// LOAD_DEREF __classdict__; LOAD_FROM_DICT_OR_GLOBALS name). Its body,
// decompiled, is `if format > 2: raise NotImplementedError` and the return
// of a dict display: that dict is the def's annotations, as ≤3.9 built it.
#include <algorithm>

#include "ast/children.hpp"
#include "code/error.hpp"
#include "decompile/walk/function_decompiler.hpp"

namespace depyf::decompile {

namespace make = ast::make;

namespace {

// `if format > 2: raise NotImplementedError`, the check every compiler-made
// __annotate__ starts with (only the VALUE format is supported by it).
bool is_format_check(const ast::StmtPtr& statement) {
  auto* branch = ast::as<ast::If>(statement);
  if (!branch || !branch->orelse.empty() || branch->body.size() != 1) return false;
  auto* raise = ast::as<ast::Raise>(branch->body[0]);
  auto* raised = raise ? ast::as<ast::Name>(raise->exc) : nullptr;
  return raised && raised->id == "NotImplementedError";
}

}  // namespace

ast::ExprPtr FunctionDecompiler::annotations_from_annotate(const FunctionValue& annotate, int index) {
  if (annotate.code->name != "__annotate__") fail(index, "a function's annotate attribute that is not __annotate__");
  FunctionDecompiler nested(*annotate.code, options_);
  ast::Body body = nested.run();
  auto* result = body.size() == 2 && is_format_check(body[0]) ? ast::as<ast::Return>(body[1]) : nullptr;
  if (!result || !ast::as<ast::Dict>(result->value)) fail(index, "an __annotate__ function that is not a plain mapping");
  return result->value;
}


// ---- module and class bodies ----
// Versions: 3.14+ module and class bodies.
// Source: annotated names, `x: int = 1` / `y: str` at module or class level.
// Bytecode: the body stores only the values (`x = 1`); the annotations go
// into one __annotate__ function, stored as `__annotate__` (module) or
// `__annotate_func__` (class, with the class namespace as a closure):
//   BUILD_MAP 0; <T>; COPY 2; LOAD_CONST 'x'; STORE_SUBSCR; ...; RETURN_VALUE
// Where an annotation may not run (module level: every one in 3.14), the
// body marks it when reached, `__conditional_annotations__.add(k)`
// (LOAD_NAME __conditional_annotations__; LOAD_SMALL_INT k; SET_ADD 1;
// POP_TOP, after `__conditional_annotations__ = set()` first), and the
// entry in __annotate__ is guarded by `if k in __conditional_annotations__:`.
// Read back: each annotation joins the assignment of its name on its line
// (or at its mark), or stands alone as `x: T` there.

namespace {

constexpr const char* kMarkName = "__depyf_conditional_annotation__";

struct DeferredAnnotation {
  std::string name;
  ast::ExprPtr annotation;
  int line = 0;
  int mark = -1;  // k of `k in __conditional_annotations__`, -1: unconditional
};

const std::string* string_key(const ast::ExprPtr& expr) {
  auto* constant = ast::as<ast::Constant>(expr);
  return constant && constant->value->kind == Constant::Kind::Str ? &constant->value->text : nullptr;
}

// The k of `k in __conditional_annotations__`.
int mark_tested(const ast::ExprPtr& test) {
  auto* compare = ast::as<ast::Compare>(test);
  if (!compare || compare->ops.size() != 1 || compare->ops[0] != ast::CmpOp::In ||
      !ast::is_name(compare->comparators[0], "__conditional_annotations__"))
    return -1;
  auto* constant = ast::as<ast::Constant>(compare->left);
  if (!constant || constant->value->kind != Constant::Kind::Int) return -1;
  return std::stoi(constant->value->text);
}

// The first line an expression's nodes carry (0: none). (Some nodes take
// no line of their own: `T | None`, a binary operation, has its operands'.)
int first_line(const ast::ExprPtr& expr) {
  if (!expr) return 0;
  if (expr->lineno > 0) return expr->lineno;
  int line = 0;
  ast::for_each_child(*expr, [&](ast::ExprPtr& child) {
    const int at = first_line(child);
    if (at > 0 && (line == 0 || at < line)) line = at;
  });
  return line;
}

// `temp['x'] = T` statements (and the copies of temp between them) of a
// decompiled __annotate__ body; false on anything else.
bool read_entries(const ast::Body& body, int mark, std::vector<DeferredAnnotation>& entries) {
  for (const ast::StmtPtr& statement : body) {
    if (auto* branch = ast::as<ast::If>(statement)) {
      const int k = mark_tested(branch->test);
      if (k < 0 || !branch->orelse.empty() || !read_entries(branch->body, k, entries)) return false;
      continue;
    }
    if (auto* ret = ast::as<ast::Return>(statement)) {
      if (auto* dict = ast::as<ast::Dict>(ret->value)) {
        for (std::size_t i = 0; i < dict->keys.size(); ++i) {
          const std::string* key = dict->keys[i] ? string_key(dict->keys[i]) : nullptr;
          if (!key) return false;
          entries.push_back({*key, dict->values[i], first_line(dict->values[i]), mark});
        }
      }
      continue;
    }
    auto* assign = ast::as<ast::Assign>(statement);
    if (!assign || assign->targets.size() != 1) return false;
    if (ast::as<ast::Name>(assign->targets[0])) continue;  // a copy of the dict being built
    auto* subscript = ast::as<ast::Subscript>(assign->targets[0]);
    const std::string* key = subscript ? string_key(subscript->slice) : nullptr;
    if (!key) return false;
    const int value_line = first_line(assign->value);
    const int line = value_line > 0 ? value_line : statement->lineno;
    entries.push_back({*key, assign->value, line, mark});
  }
  return true;
}

// The mark `__depyf_conditional_annotation__(k)` a statement is, or -1.
int mark_of(const ast::StmtPtr& statement) {
  auto* expr = ast::as<ast::ExprStmt>(statement);
  auto* call = expr ? ast::as<ast::Call>(expr->value) : nullptr;
  if (!call || !ast::is_name(call->func, kMarkName) || call->args.size() != 1) return -1;
  auto* constant = ast::as<ast::Constant>(call->args[0]);
  return constant ? std::stoi(constant->value->text) : -1;
}

// `name: T`, taking the value of an assignment to the name just before.
ast::StmtPtr annotated(ast::Body& body, std::size_t& at, const DeferredAnnotation& entry) {
  ast::ExprPtr value;
  if (at > 0) {
    auto* assign = ast::as<ast::Assign>(body[at - 1]);
    if (assign && assign->targets.size() == 1 && ast::is_name(assign->targets[0], entry.name)) {
      value = assign->value;
      body.erase(body.begin() + static_cast<std::ptrdiff_t>(at - 1));
      --at;
    }
  }
  auto statement = make::ann_assign(make::name(entry.name, ast::ExprContext::Store), entry.annotation, value);
  statement->lineno = entry.line;
  return statement;
}

bool place_marked(ast::Body& body, const DeferredAnnotation& entry) {
  for (std::size_t i = 0; i < body.size(); ++i) {
    if (mark_of(body[i]) == entry.mark) {
      ast::StmtPtr statement = annotated(body, i, entry);
      body[i] = statement;
      return true;
    }
    for (ast::Body* inner : ast::child_bodies(*body[i]))
      if (place_marked(*inner, entry)) return true;
  }
  return false;
}

void place_unconditional(ast::Body& body, const DeferredAnnotation& entry) {
  for (std::size_t i = 0; i < body.size(); ++i) {
    auto* assign = ast::as<ast::Assign>(body[i]);
    if (assign && assign->targets.size() == 1 && ast::is_name(assign->targets[0], entry.name) &&
        body[i]->lineno == entry.line) {
      auto statement = make::ann_assign(make::name(entry.name, ast::ExprContext::Store), entry.annotation, assign->value);
      statement->lineno = body[i]->lineno;
      body[i] = statement;
      return;
    }
  }
  std::size_t at = 0;
  while (at < body.size() && (body[at]->lineno == 0 || body[at]->lineno <= entry.line)) ++at;
  auto statement = make::ann_assign(make::name(entry.name, ast::ExprContext::Store), entry.annotation, nullptr);
  statement->lineno = entry.line;
  body.insert(body.begin() + static_cast<std::ptrdiff_t>(at), statement);
}

// The marks anywhere in `statement` (inside compound statements too).
void collect_marks(const ast::StmtPtr& statement, std::vector<int>& marks) {
  if (const int k = mark_of(statement); k >= 0) marks.push_back(k);
  for (ast::Body* inner : ast::child_bodies(*statement))
    for (const ast::StmtPtr& child : *inner) collect_marks(child, marks);
}

bool holds_mark(ast::Body& body, int mark) {
  for (const ast::StmtPtr& statement : body) {
    std::vector<int> marks;
    collect_marks(statement, marks);
    if (std::find(marks.begin(), marks.end(), mark) != marks.end()) return true;
  }
  return false;
}

// A conditional annotation whose mark no code sets stood in code the
// optimizer dropped, `if False: x: T` (the annotation keeps its entry in
// __annotate__ and its index k all the same). Put back as `if 0: x: T` at
// the top level of the body, after every statement holding a mark below k
// and before those holding one above, by its line in between; false where
// the statements around it hold marks on both sides (it stood inside one).
bool place_dead(ast::Body& body, const DeferredAnnotation& entry, std::vector<std::shared_ptr<ast::If>>& dead_blocks) {
  int last_below = -1, first_above = int(body.size());
  for (int s = 0; s < int(body.size()); ++s) {
    std::vector<int> marks;
    collect_marks(body[s], marks);
    for (int k : marks) {
      if (k < entry.mark) last_below = s;
      if (k > entry.mark && first_above == int(body.size())) first_above = s;
    }
  }
  if (last_below >= first_above) return false;
  int at = last_below + 1;
  while (at < first_above && (body[at]->lineno == 0 || body[at]->lineno <= entry.line)) ++at;
  auto statement = make::ann_assign(make::name(entry.name, ast::ExprContext::Store), entry.annotation, nullptr);
  statement->lineno = entry.line;
  // (Two such annotations in a row: one block.)
  if (at > 0) {
    for (const auto& previous : dead_blocks) {
      if (previous.get() != body[at - 1].get()) continue;
      previous->body.push_back(statement);
      return true;
    }
  }
  auto block = make::if_(make::int_(0), {statement});
  block->lineno = entry.line;
  dead_blocks.push_back(block);
  body.insert(body.begin() + static_cast<std::ptrdiff_t>(at), block);
  return true;
}

}  // namespace

bool FunctionDecompiler::deferred_annotation_store(const std::string& name, Stack& stack) {
  if (code_.version.minor < 14 || stack.empty()) return false;
  const Value& value = stack.back();
  if (name == "__conditional_annotations__" && kind_ == CodeKind::Module) {
    auto* set = ast::as<ast::Set>(value.expr);
    if (value.kind != Value::Kind::Expr || !set || !set->elts.empty()) return false;
    stack.pop_back();
    return true;
  }
  const char* expected = kind_ == CodeKind::Module ? "__annotate__" : kind_ == CodeKind::Class ? "__annotate_func__" : "";
  if (name != expected || value.kind != Value::Kind::Function || value.function->code->name != "__annotate__")
    return false;
  deferred_annotate_ = value.function;
  stack.pop_back();
  return true;
}

bool FunctionDecompiler::conditional_annotation_mark(int index, Stack& stack, ast::Body& out) {
  if (code_.version.minor < 14 || stack.size() < 2 || !ast::is_name(stack[stack.size() - 2].expr, "__conditional_annotations__"))
    return false;
  ast::ExprPtr k = pop_expr(stack, index);
  stack.back() = Value::unknown("conditional_annotations");  // dropped by the POP_TOP after
  emit(out, make::expr_stmt(make::call(make::name(kMarkName), {k})), index);
  return true;
}

void FunctionDecompiler::restore_deferred_annotations(ast::Body& body) {
  if (!deferred_annotate_) return;
  FunctionDecompiler nested(*deferred_annotate_->code, options_);
  ast::Body annotate = nested.run();
  std::vector<DeferredAnnotation> entries;
  if (annotate.empty() || !is_format_check(annotate[0]) ||
      !read_entries(ast::Body(annotate.begin() + 1, annotate.end()), -1, entries))
    throw Error("an __annotate__ function that is not a plain mapping in " + code_.name);
  // (The dead ones first, while every mark still stands where it was set.)
  std::vector<std::shared_ptr<ast::If>> dead_blocks;
  for (const DeferredAnnotation& entry : entries) {
    if (entry.mark < 0 || holds_mark(body, entry.mark)) continue;
    if (!place_dead(body, entry, dead_blocks)) throw Error("an annotation of " + entry.name + " whose mark is missing");
  }
  for (const DeferredAnnotation& entry : entries) {
    if (entry.mark >= 0) {
      if (!holds_mark(body, entry.mark)) continue;  // put back dead above
      if (!place_marked(body, entry)) throw Error("an annotation of " + entry.name + " whose mark is missing");
    } else {
      place_unconditional(body, entry);
    }
  }
}

}  // namespace depyf::decompile
