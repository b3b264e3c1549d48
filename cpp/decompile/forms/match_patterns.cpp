// Structural patterns of a match case (3.10+): sequences, mappings, class
// patterns, `as` patterns and the captures, wildcards and values nested in
// them. The pattern's code is replayed on an abstract stack whose items say
// which part of the pattern a value is (the subject of a sub-pattern, a
// test result, the tuple MATCH_CLASS or MATCH_KEYS made ...), so SWAP/ROT
// shuffles and the order of the stores need no recognising of their own:
// each store names the sub-pattern whose subject it pops.
//
// Every failing test jumps to a chain of POP_TOPs that drops what the
// pattern had on the stack at that point and then reaches the case's
// failure target (compile.c's fail_pop labels); each jump is checked to
// reach the same target by popping exactly its depth. Or-patterns inside a
// structure (their alternatives jump between each other) are not read.
#include "decompile/forms/match_patterns.hpp"

#include <algorithm>
#include <functional>
#include <map>
#include <memory>

#include "ast/factory.hpp"
#include "code/error.hpp"
#include "decompile/walk/function_decompiler.hpp"

namespace depyf::decompile {

using ir::Op;
namespace make = ast::make;

bool is_value_pattern_expr(const ast::ExprPtr& expr) {
  if (auto* constant = ast::as<ast::Constant>(expr)) {
    switch (constant->value->kind) {
      case Constant::Kind::Int:
      case Constant::Kind::Float:
      case Constant::Kind::Bytes:
      case Constant::Kind::Str: return !constant->kind_prefix;
      default: return false;
    }
  }
  auto* attribute = ast::as<ast::Attribute>(expr);
  if (!attribute) return false;
  if (ast::as<ast::Name>(attribute->value)) return true;
  return is_value_pattern_expr(attribute->value) && ast::as<ast::Attribute>(attribute->value);
}

bool is_singleton_constant(const ast::ExprPtr& expr) {
  auto* constant = ast::as<ast::Constant>(expr);
  return constant && (constant->value->kind == Constant::Kind::None || constant->value->kind == Constant::Kind::Bool);
}

namespace {

// One (sub-)pattern being rebuilt: what the code tested its subject for.
struct Node {
  enum class Kind { Unknown, Wildcard, Value, Singleton, Sequence, Mapping, Class } kind = Kind::Unknown;
  std::optional<std::string> capture;  // a capture, or the name of `P as name`
  bool star = false;                   // the starred slot of an UNPACK_EX
  ast::ExprPtr value;                  // Value / Singleton
  // Sequence: the length test, how the items were taken.
  int len_eq = -1, len_ge = -1;
  int unpacked = -1;           // UNPACK_SEQUENCE / UNPACK_EX count (with the star)
  int star_index = -1;         // UNPACK_EX: where the star is
  std::map<int, Node*> items;  // by index (negative: from the end, subscripted)
  // Class: the class, positional count and keyword names.
  ast::ExprPtr cls;
  int positional = 0;
  std::vector<std::string> keywords;
  // Mapping: keys and `**rest`.
  std::vector<ast::ExprPtr> keys;
  std::optional<std::string> rest;
  // Class and mapping: the attribute / value tuple's items.
  std::map<int, Node*> parts;
};

struct Item {
  enum class Kind {
    Subject,    // a value `node` matches
    Expr,       // a loaded value (a constant, a class, a key)
    Test,       // a test result; the conditional jump after it applies `test`
    Len,        // GET_LEN of node's subject
    Parts,      // MATCH_CLASS attributes / MATCH_KEYS values of node (maybe None)
    Keys,       // the key tuple of a mapping node
    KeyItem,    // one key unpacked to delete it from the rest dict
    EmptyDict,  // BUILD_MAP 0 for `**rest`
    Rest,       // node's `**rest` dict
    EndIndex,   // len(subject) - n: an item after a `*_` (n in `expr`)
  } kind = Kind::Expr;
  Node* node = nullptr;
  ast::ExprPtr expr;
  std::function<bool()> test;  // Test: records what a match means
  int id = 0;                  // identity (the case's subject is 0)
};

}  // namespace

FunctionDecompiler::StructuredCase FunctionDecompiler::read_structured_case(int at) {
  StructuredCase result;
  const int count = int(function_.instrs.size());
  std::vector<std::unique_ptr<Node>> nodes;
  auto new_node = [&] {
    nodes.push_back(std::make_unique<Node>());
    return nodes.back().get();
  };
  int next_id = 1;
  std::vector<Item> st;
  Item root;
  root.kind = Item::Kind::Subject;
  root.node = new_node();
  root.id = 0;
  st.push_back(root);
  struct FailJump {
    int target;
    int depth;
  };
  std::vector<FailJump> fails;
  bool structural = false;  // only patterns the simple reader cannot read are taken
  auto item_of = [&](Item::Kind kind, Node* node) {
    Item item;
    item.kind = kind;
    item.node = node;
    item.id = next_id++;
    return item;
  };
  auto pop = [&]() -> Item {
    Item top = st.back();
    st.pop_back();
    return top;
  };
  auto int_constant = [](const ast::ExprPtr& e, int& out) {
    auto* constant = ast::as<ast::Constant>(e);
    if (!constant || constant->value->kind != Constant::Kind::Int) return false;
    try {
      out = std::stoi(constant->value->text);
    } catch (...) {
      return false;
    }
    return true;
  };
  auto string_tuple = [](const ast::ExprPtr& e, std::vector<std::string>& out) {
    auto* constant = ast::as<ast::Constant>(e);
    if (!constant || constant->value->kind != Constant::Kind::Tuple) return false;
    for (const ConstantPtr& item : constant->value->items) {
      if (item->kind != Constant::Kind::Str) return false;
      out.push_back(item->text);
    }
    return true;
  };
  // Only code that starts by copying the subject can leave it: otherwise
  // the subject is what the pattern tests, kept on the stack meanwhile.
  const bool may_leave_subject = at < count && function_.instrs[at].op == Op::Copy && function_.instrs[at].arg == 1;
  int k = at;
  bool done = false;
  for (; k < count && k < at + 512; ++k) {
    const ir::Instr& instr = function_.instrs[k];
    const bool is_store_op = instr.op == Op::StoreFast || instr.op == Op::StoreName || instr.op == Op::StoreGlobal ||
                             instr.op == Op::StoreDeref;
    // Done: everything the pattern pushed is consumed. The case's subject
    // is either gone (the last case tested consumes it) or left alone, the
    // copy of a case that is not the last one tested having been matched;
    // a store of it would be `as name`.
    if (k > at && (st.empty() || (may_leave_subject && st.size() == 1 && st[0].id == 0 && !is_store_op &&
                                  instr.op != Op::Swap && instr.op != Op::Rotate))) {
      done = true;
      break;
    }
    if (st.empty()) return result;
    auto need = [&](std::size_t n) { return st.size() >= n; };
    switch (instr.op) {
      case Op::Copy: {
        if (instr.arg < 1 || !need(std::size_t(instr.arg))) return result;
        Item copy = st[st.size() - instr.arg];
        copy.id = next_id++;
        st.push_back(copy);
        break;
      }
      case Op::Swap:
        if (instr.arg < 2 || !need(std::size_t(instr.arg))) return result;
        std::swap(st.back(), st[st.size() - instr.arg]);
        break;
      case Op::Rotate: {
        if (instr.arg < 2 || !need(std::size_t(instr.arg))) return result;
        Item top = pop();
        st.insert(st.end() - (instr.arg - 1), top);
        break;
      }
      case Op::PopTop: {
        Item top = pop();
        if (top.kind == Item::Kind::Subject) {
          if (top.node->kind == Node::Kind::Unknown && !top.node->capture && !top.node->star)
            top.node->kind = Node::Kind::Wildcard;
        } else if (top.kind == Item::Kind::Test || top.kind == Item::Kind::Len || top.kind == Item::Kind::Rest ||
                   top.kind == Item::Kind::EmptyDict) {
          return result;
        }
        break;
      }
      case Op::StoreFast:
      case Op::StoreName:
      case Op::StoreGlobal:
      case Op::StoreDeref: {
        Item top = pop();
        if (top.kind == Item::Kind::Subject && !top.node->capture) {
          top.node->capture = instr.name;
          // (a subject tested and then stored: `P as name`)
          if (top.node->kind != Node::Kind::Unknown) structural = true;
        } else if (top.kind == Item::Kind::Rest && !top.node->rest) {
          top.node->rest = instr.name;
        } else {
          return result;
        }
        break;
      }
      case Op::LoadConst:
      case Op::LoadGlobal:
      case Op::LoadName:
      case Op::LoadFast:
      case Op::LoadDeref:
      case Op::LoadAttr: {
        Stack scratch;
        if (instr.op == Op::LoadAttr) {
          if (st.back().kind != Item::Kind::Expr) return result;
          scratch.push_back(Value::of(pop().expr));
        }
        if (instr.op == Op::LoadGlobal && instr.arg2 != 0) return result;
        ast::Body none;
        try {
          simulate(k, scratch, none);
        } catch (const Error&) {
          return result;
        }
        if (scratch.size() != 1 || scratch[0].kind != Value::Kind::Expr || !none.empty()) return result;
        Item item = item_of(Item::Kind::Expr, nullptr);
        item.expr = scratch[0].expr;
        st.push_back(item);
        break;
      }
      case Op::BuildTuple: {  // keys that are not all constants
        if (instr.arg < 1 || !need(std::size_t(instr.arg))) return result;
        std::vector<ast::ExprPtr> elements;
        for (int i = 0; i < instr.arg; ++i) {
          if (st[st.size() - instr.arg + i].kind != Item::Kind::Expr) return result;
          elements.push_back(st[st.size() - instr.arg + i].expr);
        }
        st.resize(st.size() - instr.arg);
        Item item = item_of(Item::Kind::Expr, nullptr);
        item.expr = make::tuple(std::move(elements));
        st.push_back(item);
        break;
      }
      case Op::Compare: {
        if (!need(2)) return result;
        Item right = pop();
        Item left = pop();
        if (right.kind != Item::Kind::Expr) return result;
        const auto op = ir::CompareOperator(instr.arg);
        Item test = item_of(Item::Kind::Test, left.node);
        Node* node = left.node;
        const ast::ExprPtr value = right.expr;
        if (left.kind == Item::Kind::Subject && op == ir::CompareOperator::Eq && is_value_pattern_expr(value)) {
          test.test = [node, value] {
            if (node->kind != Node::Kind::Unknown) return false;
            node->kind = Node::Kind::Value;
            node->value = value;
            return true;
          };
        } else if (left.kind == Item::Kind::Subject && op == ir::CompareOperator::Is && is_singleton_constant(value)) {
          test.test = [node, value] {
            if (node->kind != Node::Kind::Unknown) return false;
            node->kind = Node::Kind::Singleton;
            node->value = value;
            return true;
          };
        } else if (left.kind == Item::Kind::Len && (op == ir::CompareOperator::Eq || op == ir::CompareOperator::Ge)) {
          int n = -1;
          if (!int_constant(value, n) || n < 0) return result;
          const bool exact = op == ir::CompareOperator::Eq;
          test.test = [node, n, exact] {
            if (node->len_eq >= 0 || node->len_ge >= 0) return false;
            (exact ? node->len_eq : node->len_ge) = n;
            return true;
          };
        } else if (left.kind == Item::Kind::Parts && op == ir::CompareOperator::IsNot) {
          auto* constant = ast::as<ast::Constant>(value);
          if (!constant || constant->value->kind != Constant::Kind::None) return result;
          test.test = [] { return true; };
        } else {
          return result;
        }
        st.push_back(test);
        break;
      }
      case Op::MatchSequence:
      case Op::MatchMapping: {
        if (st.back().kind != Item::Kind::Subject) return result;
        Node* node = st.back().node;
        const auto kind = instr.op == Op::MatchSequence ? Node::Kind::Sequence : Node::Kind::Mapping;
        Item test = item_of(Item::Kind::Test, node);
        test.test = [node, kind] {
          if (node->kind != Node::Kind::Unknown) return false;
          node->kind = kind;
          return true;
        };
        st.push_back(test);
        structural = true;
        break;
      }
      case Op::GetLen:
        if (st.back().kind != Item::Kind::Subject) return result;
        st.push_back(item_of(Item::Kind::Len, st.back().node));
        break;
      case Op::MatchClass: {
        if (!need(3)) return result;
        Item names = pop();
        Item cls = pop();
        Item subject = pop();
        if (names.kind != Item::Kind::Expr || cls.kind != Item::Kind::Expr || subject.kind != Item::Kind::Subject)
          return result;
        Node* node = subject.node;
        if (node->kind != Node::Kind::Unknown) return result;
        std::vector<std::string> keywords;
        if (!string_tuple(names.expr, keywords)) return result;
        node->kind = Node::Kind::Class;
        node->cls = cls.expr;
        node->positional = instr.arg;
        node->keywords = keywords;
        st.push_back(item_of(Item::Kind::Parts, node));
        // ≤3.10 push the test's result too; 3.11+ leave None for no match.
        if (code_.version.minor == 10) {
          Item test = item_of(Item::Kind::Test, node);
          test.test = [] { return true; };
          st.push_back(test);
        }
        structural = true;
        break;
      }
      case Op::MatchKeys: {
        if (!need(2) || st.back().kind != Item::Kind::Expr || st[st.size() - 2].kind != Item::Kind::Subject)
          return result;
        Node* node = st[st.size() - 2].node;
        if (node->kind != Node::Kind::Mapping || !node->keys.empty()) return result;
        const ast::ExprPtr keys = st.back().expr;
        if (auto* constant = ast::as<ast::Constant>(keys); constant && constant->value->kind == Constant::Kind::Tuple) {
          for (const ConstantPtr& key : constant->value->items) node->keys.push_back(make::constant(key));
        } else if (auto* tuple = ast::as<ast::Tuple>(keys)) {
          node->keys = tuple->elts;
        } else {
          return result;
        }
        if (node->keys.empty()) return result;
        st.back() = item_of(Item::Kind::Keys, node);
        st.push_back(item_of(Item::Kind::Parts, node));
        if (code_.version.minor == 10) {
          Item test = item_of(Item::Kind::Test, node);
          test.test = [] { return true; };
          st.push_back(test);
        }
        break;
      }
      case Op::CopyDictWithoutKeys:  // ≤3.10 `**rest`: [subject, keys] -> [subject, rest]
        if (!need(2) || st.back().kind != Item::Kind::Keys || st[st.size() - 2].kind != Item::Kind::Subject ||
            st.back().node != st[st.size() - 2].node)
          return result;
        st.back() = item_of(Item::Kind::Rest, st.back().node);
        break;
      case Op::BuildMap:
        if (instr.arg != 0) return result;
        st.push_back(item_of(Item::Kind::EmptyDict, nullptr));
        break;
      case Op::DictUpdate: {  // 3.11+ `**rest`: the empty dict updated from the subject
        Item source = pop();
        if (instr.arg < 1 || !need(std::size_t(instr.arg)) || source.kind != Item::Kind::Subject) return result;
        Item& target = st[st.size() - instr.arg];
        if (target.kind != Item::Kind::EmptyDict || source.node->kind != Node::Kind::Mapping) return result;
        target = item_of(Item::Kind::Rest, source.node);
        break;
      }
      case Op::DeleteSubscr: {  // 3.11+: a matched key deleted from the rest dict
        if (!need(2)) return result;
        Item key = pop();
        Item dict = pop();
        if (key.kind != Item::Kind::KeyItem || dict.kind != Item::Kind::Rest || key.node != dict.node) return result;
        break;
      }
      case Op::UnpackSequence:
      case Op::UnpackEx: {
        Item source = pop();
        Node* node = source.node;
        int before = instr.arg, after = 0, total = instr.arg;
        if (instr.op == Op::UnpackEx) {
          before = instr.arg & 0xff;
          after = instr.arg >> 8;
          total = before + 1 + after;
        }
        if (source.kind == Item::Kind::Keys && instr.op == Op::UnpackSequence) {
          for (int i = 0; i < total; ++i) st.push_back(item_of(Item::Kind::KeyItem, node));
          break;
        }
        if (source.kind == Item::Kind::Subject &&
            (node->kind != Node::Kind::Sequence || node->unpacked >= 0 || !node->items.empty()))
          return result;
        if (source.kind == Item::Kind::Parts && !node->parts.empty()) return result;
        std::vector<Item> pushed;
        for (int i = 0; i < total; ++i) {
          Node* child = new_node();
          Item item = item_of(Item::Kind::Subject, child);
          if (source.kind == Item::Kind::Subject) {
            node->items[i] = child;
            child->star = instr.op == Op::UnpackEx && i == before;
          } else if (source.kind == Item::Kind::Parts && instr.op == Op::UnpackSequence) {
            node->parts[i] = child;
          } else {
            return result;
          }
          pushed.push_back(item);
        }
        if (source.kind == Item::Kind::Subject) {
          node->unpacked = total;
          if (instr.op == Op::UnpackEx) node->star_index = before;
        }
        // The first item ends on top.
        for (auto it = pushed.rbegin(); it != pushed.rend(); ++it) st.push_back(*it);
        break;
      }
      case Op::BinaryOp: {  // len(subject) - n, the index of an item after `*_`
        if (!need(2) || ir::BinaryOperator(instr.arg) != ir::BinaryOperator::Subtract || instr.arg2 != 0) return result;
        Item n = pop();
        Item len = pop();
        int value = 0;
        if (n.kind != Item::Kind::Expr || len.kind != Item::Kind::Len || !int_constant(n.expr, value) || value < 1)
          return result;
        Item index = item_of(Item::Kind::EndIndex, len.node);
        index.expr = n.expr;
        st.push_back(index);
        break;
      }
      case Op::BinarySubscr: {  // an item of a sequence with `*_`, or of a ≤3.10 attribute/value tuple
        if (!need(2)) return result;
        Item index = pop();
        Item source = pop();
        int i = 0;
        if ((index.kind != Item::Kind::Expr && index.kind != Item::Kind::EndIndex) || !int_constant(index.expr, i))
          return result;
        Node* node = source.node;
        if (index.kind == Item::Kind::EndIndex) {
          if (index.node != node || source.kind != Item::Kind::Subject) return result;
          i = -i;
        } else if (i < 0) {
          return result;
        }
        Node* child = new_node();
        if (source.kind == Item::Kind::Subject && node->kind == Node::Kind::Sequence && node->unpacked < 0) {
          if (node->items.count(i)) return result;
          node->items[i] = child;
        } else if (source.kind == Item::Kind::Parts && i >= 0) {
          if (node->parts.count(i)) return result;
          node->parts[i] = child;
        } else {
          return result;
        }
        st.push_back(item_of(Item::Kind::Subject, child));
        break;
      }
      case Op::PopJumpIfFalse:
      case Op::PopJumpIfTrue:
      case Op::PopJumpIfNone:
      case Op::PopJumpIfNotNone: {
        Item top = pop();
        // Which jump fails: 3.12+ may test with the opposite jump over a
        // JUMP to the failure (a last case failing back to a loop's top).
        const bool none_test = instr.op == Op::PopJumpIfNone || instr.op == Op::PopJumpIfNotNone;
        const Op fail_op = top.kind == Item::Kind::Test    ? Op::PopJumpIfFalse
                           : top.kind == Item::Kind::Parts ? Op::PopJumpIfNone
                                                           : Op::PopJumpIfNotNone;
        if (top.kind != Item::Kind::Test && top.kind != Item::Kind::Parts && top.kind != Item::Kind::Subject)
          return result;
        if (none_test != (fail_op != Op::PopJumpIfFalse)) return result;
        int fail = -1;
        if (instr.op == fail_op) {
          fail = instr.target;
        } else if (instr.target == k + 2 && k + 1 < count && function_.instrs[k + 1].op == Op::Jump) {
          fail = function_.instrs[k + 1].target;
          ++k;
        } else {
          return result;
        }
        if (top.kind == Item::Kind::Test && !top.test()) return result;
        if (top.kind == Item::Kind::Subject) {  // 3.12+ `case None`
          if (top.node->kind != Node::Kind::Unknown) return result;
          top.node->kind = Node::Kind::Singleton;
          top.node->value = make::none();
        }
        fails.push_back({fail, int(st.size())});
        break;
      }
      default: return result;
    }
  }
  if (!done || !structural) return result;
  result.copied = !st.empty();
  result.next = k;
  // Every failing jump pops what it leaves (the case's own subject aside)
  // and reaches the same place.
  const int base = result.copied ? 1 : 0;
  for (const FailJump& jump : fails) {
    int pos = jump.target;
    std::vector<int> chain;
    for (int pops = jump.depth - base; pops > 0; --pops) {
      if (pos < 0 || pos >= count || function_.instrs[pos].op != Op::PopTop) return StructuredCase{};
      chain.push_back(pos++);
    }
    if (result.fail >= 0 && result.fail != pos) return StructuredCase{};
    result.fail = pos;
    result.fail_pops.insert(result.fail_pops.end(), chain.begin(), chain.end());
  }
  if (result.fail < 0) return StructuredCase{};
  // Rebuild the pattern from the nodes.
  bool ok = true;
  std::function<ast::PatternPtr(Node*)> build = [&](Node* node) -> ast::PatternPtr {
    if (!ok) return nullptr;
    if (node->star) {
      if (node->kind != Node::Kind::Unknown || !node->capture) ok = false;
      return make::match_star(node->capture);
    }
    auto item = [&](const std::map<int, Node*>& from, int i) -> ast::PatternPtr {
      auto found = from.find(i);
      return found == from.end() ? make::match_as(nullptr, std::nullopt) : build(found->second);
    };
    ast::PatternPtr pattern;
    switch (node->kind) {
      case Node::Kind::Unknown:
        if (!node->capture) ok = false;
        return make::match_as(nullptr, node->capture);
      case Node::Kind::Wildcard: return make::match_as(nullptr, std::nullopt);
      case Node::Kind::Value: pattern = make::match_value(node->value); break;
      case Node::Kind::Singleton: pattern = make::match_singleton(ast::as<ast::Constant>(node->value)->value); break;
      case Node::Kind::Sequence: {
        std::vector<ast::PatternPtr> items;
        if (node->unpacked >= 0) {
          // UNPACK_SEQUENCE n after len == n; UNPACK_EX after len >= n - 1
          // (no test when the star is the only item).
          const bool starred = node->star_index >= 0;
          if (!starred && node->len_eq != node->unpacked) ok = false;
          if (starred && node->len_eq >= 0) ok = false;
          if (starred && node->len_ge != (node->unpacked > 1 ? node->unpacked - 1 : -1)) ok = false;
          for (int i = 0; i < node->unpacked; ++i) items.push_back(item(node->items, i));
        } else if (node->len_eq >= 0) {  // only wildcards, no star
          if (!node->items.empty()) ok = false;
          for (int i = 0; i < node->len_eq; ++i) items.push_back(make::match_as(nullptr, std::nullopt));
        } else {
          // `*_` with items taken by subscripts (or none at all): indexes
          // before the star count from the start, after it from the end.
          // Where the star sits between wildcards does not change the code.
          const int size = node->len_ge >= 0 ? node->len_ge + 1 : 1;
          if (node->len_ge == 0) ok = false;  // (`len >= 0` is never tested)
          int star = 0, tail = 0;
          for (const auto& [i, child] : node->items) {
            if (i >= 0)
              star = std::max(star, i + 1);
            else
              tail = std::max(tail, -i);
          }
          if (star + 1 + tail > size) ok = false;
          for (int i = 0; i < size && ok; ++i) {
            if (i == star)
              items.push_back(make::match_star(std::nullopt));
            else if (i < star)
              items.push_back(item(node->items, i));
            else
              items.push_back(item(node->items, i - size));
          }
        }
        pattern = make::match_sequence(std::move(items));
        break;
      }
      case Node::Kind::Mapping: {
        // A length test only where there are keys (len >= number of keys).
        const int keys = int(node->keys.size());
        if (keys > 0 ? node->len_ge != keys : node->len_ge >= 0) ok = false;
        if (node->len_eq >= 0) ok = false;
        std::vector<ast::PatternPtr> values;
        for (int i = 0; i < keys; ++i) values.push_back(item(node->parts, i));
        for (const auto& [i, child] : node->parts)
          if (i < 0 || i >= keys) ok = false;
        for (const ast::ExprPtr& key : node->keys)
          if (!is_value_pattern_expr(key) && !is_singleton_constant(key)) ok = false;
        pattern = make::match_mapping(node->keys, std::move(values), node->rest);
        break;
      }
      case Node::Kind::Class: {
        const int total = node->positional + int(node->keywords.size());
        for (const auto& [i, child] : node->parts)
          if (i < 0 || i >= total) ok = false;
        std::vector<ast::PatternPtr> positional, keyword;
        for (int i = 0; i < node->positional; ++i) positional.push_back(item(node->parts, i));
        for (int i = node->positional; i < total; ++i) keyword.push_back(item(node->parts, i));
        auto* name = ast::as<ast::Name>(node->cls);
        if (!name && !is_value_pattern_expr(node->cls)) ok = false;
        pattern = make::match_class(node->cls, std::move(positional), node->keywords, std::move(keyword));
        break;
      }
    }
    if (node->kind != Node::Kind::Sequence && node->kind != Node::Kind::Mapping &&
        (node->len_eq >= 0 || node->len_ge >= 0))
      ok = false;
    if (node->kind != Node::Kind::Sequence && !node->items.empty()) ok = false;
    if (node->capture) return make::match_as(pattern, node->capture);
    return pattern;
  };
  result.pattern = build(nodes.front().get());
  if (!ok) return StructuredCase{};
  return result;
}

}  // namespace depyf::decompile
