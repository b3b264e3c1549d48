// The finishing touches on a walked body: implicit `return None`s the source
// never wrote dropped, an else clause the layout hid restored, a generator
// that never yields kept a generator, and an empty body written `pass`.
// The walk that produces the body: function_decompiler.cpp.
#include <algorithm>

#include "ast/children.hpp"
#include "code/error.hpp"
#include "decompile/forms/scope_declarations.hpp"
#include "decompile/walk/function_decompiler.hpp"

namespace depyf::decompile {

namespace make = ast::make;
using ir::Op;

namespace {

// Whether a yield of this function's own is written in `expr` (a lambda's or
// a comprehension's is another code object's).
bool yields_in(ast::ExprPtr& expr) {
  if (!expr) return false;
  switch (expr->kind) {
    case ast::ExprKind::Yield:
    case ast::ExprKind::YieldFrom: return true;
    case ast::ExprKind::Lambda:
    case ast::ExprKind::ListComp:
    case ast::ExprKind::SetComp:
    case ast::ExprKind::DictComp:
    case ast::ExprKind::GeneratorExp: return false;
    default: break;
  }
  bool found = false;
  ast::for_each_child(*expr, [&](ast::ExprPtr& child) { found = found || yields_in(child); });
  return found;
}

bool yields_in(ast::Body& body) {
  for (auto& stmt : body) {
    bool found = false;
    ast::for_each_own_expr(*stmt, [&](ast::ExprPtr& slot) { found = found || yields_in(slot); });
    if (found) return true;
    for (ast::Body* inner : ast::child_bodies(*stmt))
      if (yields_in(*inner)) return true;
  }
  return false;
}

}  // namespace

namespace {

// The implicit `return None` ending a body, wherever 3.12+ copied it: the
// last statement, and the last statements of branches that end the body;
// with `into_try`, also those ending a final try statement's body, clauses
// and else (3.10+ copy the implicit return there too, and in module code a
// `return` can only be such a copy).
// `written` are returns known to be in the source; they stay.
void strip_implicit_returns(ast::Body& body, bool into_try, const std::vector<ast::StmtPtr>& written,
                            bool into_with = false) {
  if (body.empty()) return;
  if (returns_none(body.back()) && !holds(written, body.back().get())) {
    body.pop_back();
    // `try: ... except E: pass` ending the body: the code after the try
    // (the implicit return) was written after it, and the clause's copy of
    // the return is in the clause.
    if (into_try && !body.empty() && ast::as<ast::Try>(body.back()))
      strip_implicit_returns(body, into_try, written, into_with);
    // (Likewise a with statement ending module or class code: its body's
    // copy of the return runs after the exit call.)
    if (into_with && !body.empty() && ast::as<ast::With>(body.back()))
      strip_implicit_returns(body, into_try, written, into_with);
    // (And, 3.10+, a loop's else clause ending in its own copy: ≤3.9 keep
    // a written one and the implicit return after it.)
    if (into_try && !body.empty() && (ast::as<ast::While>(body.back()) || ast::as<ast::For>(body.back())))
      strip_implicit_returns(body, into_try, written, into_with);
    return;
  }
  auto strip_branch = [&](ast::Body& branch) {
    strip_implicit_returns(branch, into_try, written, into_with);
    if (branch.empty()) branch.push_back(make::pass());
  };
  if (auto* branch = ast::as<ast::If>(body.back())) {
    auto copy = std::make_shared<ast::If>(*branch);
    strip_implicit_returns(copy->body, into_try, written, into_with);
    strip_implicit_returns(copy->orelse, into_try, written, into_with);
    if (copy->body.empty()) copy->body.push_back(make::pass());
    body.back() = copy;
  } else if (auto* statement = ast::as<ast::Try>(body.back()); statement && into_try && statement->finalbody.empty()) {
    auto copy = std::make_shared<ast::Try>(*statement);
    strip_branch(copy->body);
    for (auto& handler : copy->handlers) strip_branch(handler.body);
    strip_implicit_returns(copy->orelse, into_try, written, into_with);  // an else left empty is no else clause
    body.back() = copy;
  } else if (auto* loop = ast::as<ast::While>(body.back()); loop && into_try && !loop->orelse.empty()) {
    // A loop ending the function runs on into the implicit return when it
    // ends: an else clause there that only returns None is no clause (an
    // else left empty is none).
    auto copy = std::make_shared<ast::While>(*loop);
    strip_implicit_returns(copy->orelse, into_try, written, into_with);
    body.back() = copy;
  } else if (auto* loop = ast::as<ast::For>(body.back()); loop && into_try && !loop->orelse.empty()) {
    auto copy = std::make_shared<ast::For>(*loop);
    strip_implicit_returns(copy->orelse, into_try, written, into_with);
    body.back() = copy;
  } else if (auto* match = ast::as<ast::Match>(body.back())) {
    // 3.10+ copy the implicit return into each case of a match ending the
    // function, like into each branch of an if.
    auto copy = std::make_shared<ast::Match>(*match);
    for (auto& c : copy->cases) strip_branch(c.body);
    body.back() = copy;
  } else if (auto* with = ast::as<ast::With>(body.back()); with && into_with) {
    // (Module and class code cannot return: a `return None` ending a with
    // body there is a copy of the implicit return, after the exit call.)
    auto copy = std::make_shared<ast::With>(*with);
    strip_branch(copy->body);
    body.back() = copy;
  }
}

bool leaves(const ast::Body& body) {
  if (body.empty()) return false;
  const ast::StmtPtr& last = body.back();
  if (ast::as<ast::Return>(last) || ast::as<ast::Raise>(last)) return true;
  if (auto* branch = ast::as<ast::If>(last)) return leaves(branch->body) && leaves(branch->orelse);
  return false;
}

}  // namespace

// The function's source ended in a compound statement: the statements
// after its last `if` whose branch leaves were that if's else clause.
void restore_final_else(ast::Body& body) {
  // (Only a final `return` makes the compiler leave out the implicit one.)
  if (body.empty() || !ast::as<ast::Return>(body.back())) return;
  for (std::size_t k = body.size() - 1; k-- > 0;) {
    auto* branch = ast::as<ast::If>(body[k]);
    // An if that falls through (or has its else) cannot be the one: the
    // implicit return after it would be reachable.
    if (branch == nullptr || !branch->orelse.empty() || !leaves(branch->body)) continue;
    // (A branch ending in a raise keeps its jump over an else clause,
    // dead: with none there, there was no else clause.)
    if (ast::as<ast::Raise>(branch->body.back())) return;
    auto copy = std::make_shared<ast::If>(*branch);
    copy->orelse.assign(body.begin() + k + 1, body.end());
    body.erase(body.begin() + k + 1, body.end());
    body[k] = copy;
    return;
  }
}

// ≤3.9 end every function with `return None`, unreachable when the source's
// last statement was compound and left on every path (an if/else that
// returns from both branches).
bool FunctionDecompiler::ends_in_unreachable_implicit_return() const {
  const int count = int(function_.instrs.size());
  return code_.version.minor <= 9 && returns_none_at(count - 2) && !graph_.blocks[block_at(count - 2)].reachable;
}

bool FunctionDecompiler::loads_none(int index) const {
  if (index < 0 || index >= int(function_.instrs.size())) return false;
  const ir::Instr& load = function_.instrs[index];
  if (load.op != Op::LoadConst) return false;
  // (3.15 load None by LOAD_COMMON_CONSTANT: an implicit constant past co_consts.)
  const ConstantPtr constant = function_.constant(load.arg);
  return constant && constant->kind == Constant::Kind::None;
}

bool FunctionDecompiler::returns_none_at(int index) const {
  return loads_none(index) && index + 1 < int(function_.instrs.size()) &&
         function_.instrs[index + 1].op == Op::ReturnValue;
}

// The test of an assert that always fails, which the compiler dropped:
// 3.10 and 3.11 may keep its constant in co_consts (0 or False), which
// tells; otherwise any false constant compiles the same.
ast::ExprPtr FunctionDecompiler::failing_assert_test() const {
  const bool has_false = std::any_of(code_.consts.begin(), code_.consts.end(), [](const ConstantPtr& c) {
    return c->kind == Constant::Kind::Bool && !c->boolean;
  });
  const bool has_zero = std::any_of(code_.consts.begin(), code_.consts.end(), [](const ConstantPtr& c) {
    return c->kind == Constant::Kind::Int && c->text == "0";
  });
  if (has_zero && !has_false) return make::int_(0);
  return make::boolean(false);
}

// Whether every path through `body` ends in a copy of the implicit
// `return None` (3.10+ copy it into each branch that falls off the end).
bool FunctionDecompiler::every_path_ends_in_implicit_return(const ast::Body& body) const {
  if (body.empty()) return false;
  if (holds(implicit_return_copies_, body.back().get())) return true;
  auto* branch = ast::as<ast::If>(body.back());
  return branch && every_path_ends_in_implicit_return(branch->body) &&
         every_path_ends_in_implicit_return(branch->orelse);
}

// `body` ends in a try statement (no finally) whose body or else clause
// and every except clause end in copies of the implicit `return None`:
// it fell off the end on every path.
bool FunctionDecompiler::try_ends_in_implicit_returns(const ast::Body& body) const {
  if (body.empty()) return false;
  auto* statement = ast::as<ast::Try>(body.back());
  if (statement == nullptr || !statement->finalbody.empty() || statement->handlers.empty()) return false;
  const ast::Body& normal = statement->orelse.empty() ? statement->body : statement->orelse;
  return every_path_ends_in_implicit_return(normal) &&
         std::all_of(statement->handlers.begin(), statement->handlers.end(), [&](const ast::ExceptHandler& handler) {
           return every_path_ends_in_implicit_return(handler.body);
         });
}

// `if c: ... else: raise X` ending a function: the first branch falls off
// the end through copies of the implicit return (3.10+), laid out before
// the raise. Read as `if c: ...` (each path `return None`) plus `raise X`,
// the returns would be written ones, with their constant at the wrong place.
void FunctionDecompiler::restore_else_raise_at_end(ast::Body& body) const {
  if (code_.version.minor < 10 || body.size() < 2 || !ast::as<ast::Raise>(body.back())) return;
  auto* branch = ast::as<ast::If>(body[body.size() - 2]);
  if (branch == nullptr || !branch->orelse.empty() || !every_path_ends_in_implicit_return(branch->body)) return;
  auto copy = std::make_shared<ast::If>(*branch);
  copy->orelse.push_back(body.back());
  body.pop_back();
  body.back() = copy;
}

void FunctionDecompiler::finish_body(ast::Body& body) {
  const bool final_return_unreachable = kind_ != CodeKind::Lambda && ends_in_unreachable_implicit_return();
  // (≤3.9: a dropped implicit return left its None in co_consts: the
  // source ended in a compound statement, such as a loop's else clause.)
  if (dropped_implicit_return() && !restore_final_loop_else(body)) restore_final_else(body);
  if (final_return_unreachable) restore_final_else(body);
  if (kind_ != CodeKind::Lambda && kind_ != CodeKind::Module && kind_ != CodeKind::Class)
    restore_else_raise_at_end(body);
  if (kind_ == CodeKind::Function && code_.version.minor >= 10) {
    merge_written_return_copies(body);
    restore_else_before_implicit_return(body, none_constant_met_last());
  }
  // When the implicit return is the unreachable one at the end, every
  // `return None` left in the body was written.
  // Module and class code cannot return: every `return None` there is a
  // copy of the implicit one, wherever it ends up.
  const bool cannot_return = kind_ == CodeKind::Module || kind_ == CodeKind::Class;
  if (cannot_return) restore_exit_break_else(body);
  if (cannot_return)
    strip_implicit_returns(body, true, {}, true);
  else if (kind_ != CodeKind::Lambda && !final_return_unreachable)
    strip_implicit_returns(body, code_.version.minor >= 10, written_returns_);
  if (kind_ == CodeKind::Function) merge_copied_exit_tails(body, code_);
  if (kind_ == CodeKind::Class) drop_class_bookkeeping(body);
  if (cannot_return) restore_deferred_annotations(body);
  if (kind_ == CodeKind::Class) {
    // `return __class__`, or with the cell stored on the way (3.12+ read
    // COPY; STORE __classcell__ as `(__classcell__ := __class__)`).
    if (!body.empty()) {
      if (auto* ret = ast::as<ast::Return>(body.back())) {
        ast::ExprPtr value = ret->value;
        if (auto* named = ast::as<ast::NamedExpr>(value)) {
          auto* target = ast::as<ast::Name>(named->target);
          if (target && target->id == "__classcell__") value = named->value;
        }
        auto* name = ast::as<ast::Name>(value);
        if (name && name->id == "__class__") body.pop_back();
      }
    }
  }
  // A module or class docstring must stay first (declarations go after it).
  std::size_t declarations_at = 0;
  if ((kind_ == CodeKind::Class || kind_ == CodeKind::Module) && !body.empty() &&
      ast::assignment_to_name(body.front(), "__doc__")) {
    // (Only a string constant was a docstring: `__doc__ = _io._IOBase.__doc__` stays.)
    auto value = ast::as<ast::Assign>(body.front())->value;
    auto* text = ast::as<ast::Constant>(value);
    if (text && text->value && text->value->kind == Constant::Kind::Str) {
      body.front() = make::expr_stmt(value);
      declarations_at = 1;
    }
  }
  // ... and so must its `from __future__` imports (3.9+ store a module-level
  // name that a function declares global with STORE_GLOBAL: zoneinfo tests).
  if (kind_ == CodeKind::Module) {
    while (declarations_at < body.size()) {
      auto* import = ast::as<ast::ImportFrom>(body[declarations_at]);
      if (!(import && import->level == 0 && import->module == "__future__")) break;
      ++declarations_at;
    }
  }
  ast::Body declarations;
  // STORE_GLOBAL anywhere, or LOAD_GLOBAL in a class body (which otherwise
  // loads by name), only come from a `global` declaration.
  if (kind_ == CodeKind::Function || kind_ == CodeKind::Class)
    for (const std::string& name : names_declared_global(code_, function_, kind_ == CodeKind::Function))
      if (std::find(globals_.begin(), globals_.end(), name) == globals_.end()) globals_.push_back(name);
  if (!globals_.empty()) declarations.push_back(make::global(globals_));
  // A free variable no instruction touches was only declared, `nonlocal a`
  // (the closure still carries the cell).
  if (kind_ == CodeKind::Function) {
    for (const std::string& name : names_declared_nonlocal(code_, function_))
      if (std::find(nonlocals_.begin(), nonlocals_.end(), name) == nonlocals_.end()) nonlocals_.push_back(name);
    for (const std::string& name : code_.freevars) {
      if (name == "__class__" || name == "__classdict__" || name.empty() || name[0] == '.') continue;
      const bool used = std::any_of(function_.instrs.begin(), function_.instrs.end(),
                                    [&](const ir::Instr& instr) { return instr.name == name; });
      if (!used && std::find(nonlocals_.begin(), nonlocals_.end(), name) == nonlocals_.end())
        nonlocals_.push_back(name);
    }
  }
  if (!nonlocals_.empty()) declarations.push_back(make::nonlocal(nonlocals_));
  if (kind_ == CodeKind::Function && has_docstring(code_)) {
    declarations.insert(declarations.begin(), make::expr_stmt(make::constant(code_.consts[0])));
  }
  body.insert(body.begin() + declarations_at, declarations.begin(), declarations.end());
  // A generator whose every yield was dead code (`while False: yield None`)
  // needs a yield that compiles to nothing to stay one. (3.11 keep the
  // yield of a dead except clause in the bytecode, `with c: return` then
  // `try: break except E: yield`: the instructions have one, the source
  // written has none, and would no longer make a generator.)
  // 3.14+ keep the False of `if False:` among the constants: where the
  // code has no False, the yield goes after a return, `return` then
  // `yield`, which compiles to nothing (pycparser's `return` + `yield`).
  if (kind_ == CodeKind::Function && (code_.flags & (kFlagGenerator | kFlagAsyncGenerator)) && !yields_in(body)) {
    const bool has_false = std::any_of(code_.consts.begin(), code_.consts.end(), [](const ConstantPtr& constant) {
      return constant && constant->kind == Constant::Kind::Bool && !constant->boolean;
    });
    if (code_.version.minor < 14 || has_false) {
      body.push_back(make::if_(make::boolean(false), {make::expr_stmt(make::yield_())}));
    } else {
      const bool ends = !body.empty() && (ast::as<ast::Return>(body.back()) || ast::as<ast::Raise>(body.back()));
      if (!ends) body.push_back(make::return_());
      body.push_back(make::expr_stmt(make::yield_()));
    }
  }
  if (body.empty()) body.push_back(make::pass());
}

}  // namespace depyf::decompile
