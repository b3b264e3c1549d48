// What the decompiler's simulated value stack holds. Most slots are plain
// expressions; the rest are markers for values that only make sense
// together with what consumes them (a NULL beside a callable, the target
// slots of an unpacking, a function object still being built, an imported
// module waiting for its names).
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "ast/ast.hpp"
#include "code/code_object.hpp"

namespace depyf::decompile {

// Collects the targets of one assignment whose value was split over several
// stack slots: `a, b = x` (UNPACK_SEQUENCE), `a, b = b, a` (a rotation of
// plain values), nested `(a, b), c = ...`.
struct AssignmentGroup {
  ast::ExprPtr value;                  // the assigned value; null for a rotation group
  std::vector<ast::ExprPtr> targets;   // filled as the slots are stored, in slot order
  std::vector<ast::ExprPtr> values;    // rotation groups: the value each slot carried
  int starred_index = -1;              // UNPACK_EX: which slot is `*rest`
  // 3.11+ compile `a, b = c, d` as loads of c, d then stores of b, a (the
  // swap is folded into the store order): targets and values are read back
  // in reverse store order.
  bool reversed_stores = false;
  int filled = 0;
  // A rotation slot was used as a value instead of stored (generated code
  // shuffles values it goes on using): the group cannot be one assignment.
  bool used_as_value = false;
  std::shared_ptr<AssignmentGroup> parent;  // nested unpacking: the slot of the outer group
  int parent_slot = -1;
};

struct FunctionValue {
  CodePtr code;
  ast::ExprPtr defaults;     // a Tuple (or other expression), may be null
  ast::ExprPtr kwdefaults;   // a Dict, may be null
  ast::ExprPtr annotations;  // a Tuple of name/value pairs (3.10+) or Dict, may be null
  ast::ExprPtr closure;      // may be null
  std::string qualname;      // ≤3.10: from the stack
  // PEP 695 (3.12+, type_params.cpp): the `[T, *Ts, **P]` of a def or class
  // built inside a `<generic parameters of NAME>` function, and a `type X =
  // ...` statement whose lazily evaluated value `code` is (waiting for the
  // store of X).
  std::vector<ast::TypeParam> type_params;
  std::shared_ptr<ast::TypeAlias> type_alias;
};

struct ImportValue {
  std::string module;              // dotted name as imported
  int level = 0;
  bool has_fromlist = false;
  std::vector<ast::Alias> names;   // `from m import a as b` collected so far
  std::string attribute_chain;     // `import a.b.c as d`: the IMPORT_FROM names walked
  bool lazy = false;               // 3.15 `lazy import` / `lazy from`
};

struct Value {
  enum class Kind {
    Expr,        // expr
    Null,        // the NULL / self slot of a call
    Slot,        // a target slot of `group`, index `slot`
    Function,    // MAKE_FUNCTION result, `function`
    BuildClass,  // LOAD_BUILD_CLASS
    Module,      // IMPORT_NAME result, `import`
    ImportedName,  // IMPORT_FROM result: `import` + `slot` into its names
    Iterator,    // GET_ITER result: expr is the iterable
    ForItem,     // FOR_ITER's next item, stored into the loop target
    WithExit,    // the __exit__ slot BEFORE_WITH leaves under a with body
    Unknown,     // something the decompiler could not model (exception state ...)
  };
  Kind kind = Kind::Expr;
  ast::ExprPtr expr;
  std::shared_ptr<AssignmentGroup> group;
  int slot = -1;
  std::shared_ptr<FunctionValue> function;
  std::shared_ptr<ImportValue> import;
  // An in-place operator result remembers its target so that storing it
  // back into the same target reads as `target op= value`.
  bool inplace = false;
  // Set when this slot was produced by COPY/DUP of another: storing one of
  // two copies of a value is a chained assignment or a walrus.
  std::shared_ptr<int> copy_token;
  // A definition still recognisable through the calls wrapped around it:
  // `@a @b def f` is a(b(<function f>)), stored as f.
  std::vector<ast::ExprPtr> decorators;  // outermost first
  bool class_definition = false;         // `function` is a class body
  // The list/set/dict a 3.12+ inlined comprehension builds: appending to it
  // is the comprehension's element.
  bool accumulator = false;
  // Copies of this value already stored into these names (COPY; STORE x):
  // `expr` reads (x := value); a further store makes `x = y = value`, a
  // discard the statement `(x := value)`.
  std::vector<ast::ExprPtr> walrus_targets;
  ast::ExprPtr walrus_value;

  static Value of(ast::ExprPtr e) {
    Value v;
    v.expr = std::move(e);
    return v;
  }
  static Value null() {
    Value v;
    v.kind = Kind::Null;
    return v;
  }
  // The slot of one assignment target still to be stored (a loop's or a
  // with's `as` target): the store fills `group`'s only target.
  static Value single_target(std::shared_ptr<AssignmentGroup>& group) {
    group = std::make_shared<AssignmentGroup>();
    group->targets.assign(1, nullptr);
    Value v;
    v.kind = Kind::Slot;
    v.group = group;
    v.slot = 0;
    return v;
  }
  static Value unknown(const std::string& what) {
    Value v;
    v.kind = Kind::Unknown;
    v.expr = ast::make::name("__depyf_unknown_" + what);
    return v;
  }
};

using Stack = std::vector<Value>;

}  // namespace depyf::decompile
