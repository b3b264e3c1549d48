#include "cfg/cfg.hpp"

#include <algorithm>
#include <span>
#include <utility>

namespace depyf::cfg {

namespace {

using ir::Op;

bool ends_flow(Op op) {
  return op == Op::ReturnValue || op == Op::RaiseVarargs || op == Op::Reraise || op == Op::Jump;
}

// 3.8's END_FINALLY ends one of three ways: it re-raises (after a
// handler's exception entry), returns to after the CALL_FINALLY that
// entered it, or resumes after itself when the body was entered by falling
// in (BEGIN_FINALLY). Only the last continues to the next instruction, so
// it needs a finally body that something falls into: for each END_FINALLY,
// whether the body it closes (from the SETUP_FINALLY/SETUP_WITH target,
// nesting counted) can be entered by falling through.
std::vector<char> end_finally_resumes(const ir::Function& function) {
  const auto& instrs = function.instrs;
  const int count = int(instrs.size());
  std::vector<char> resumes(count, 1);
  std::vector<char> jumped_to(count + 1, 0);
  for (const ir::Instr& instr : instrs)
    if (instr.target >= 0 && instr.target <= count) jumped_to[instr.target] = 1;
  // Falling in from `start - 1`: block bookkeeping (POP_BLOCK, BEGIN_FINALLY)
  // the compiler still emits after a raise or return does not count.
  auto entered_by_falling_in = [&](int start) {
    for (int i = start - 1; i >= 0; --i) {
      if (ends_flow(instrs[i].op)) return false;
      if (jumped_to[i] || (instrs[i].op != Op::PopBlock && instrs[i].op != Op::BeginFinally)) return true;
    }
    return true;
  };
  for (const ir::Instr& setup : instrs) {
    if (setup.op != Op::SetupFinally && setup.op != Op::SetupWith && setup.op != Op::SetupAsyncWith) continue;
    const int start = setup.target;
    if (start <= 0 || start >= count) continue;
    int depth = 0;
    for (int i = start; i < count; ++i) {
      const Op op = instrs[i].op;
      if (op == Op::SetupFinally || op == Op::SetupWith || op == Op::SetupAsyncWith) ++depth;
      if (op != Op::EndFinally) continue;
      if (depth-- > 0) continue;
      // (A with's cleanup goes on whenever __exit__ suppresses the exception.)
      if (setup.op == Op::SetupFinally && !entered_by_falling_in(start)) resumes[i] = 0;
      break;
    }
  }
  return resumes;
}

// Also re-raising: END_FINALLY ending the except clauses of a try (reached
// by the last clause's "no match" jump alone, never by falling into it).
bool ends_flow_at(const ir::Function& function, const std::vector<char>& end_finally_resumes, int i) {
  const Op op = function.instrs[i].op;
  if (op != Op::EndFinally) return ends_flow(op);
  return i == 0 || ends_flow(function.instrs[i - 1].op) || !end_finally_resumes[i];
}

bool branches(const ir::Instr& instr) { return instr.target >= 0; }

std::vector<bool> leaders_of(const ir::Function& function, const std::vector<char>& resumes) {
  const int count = int(function.instrs.size());
  std::vector<bool> leader(count + 1, false);
  leader[0] = true;
  for (int i = 0; i < count; ++i) {
    const ir::Instr& instr = function.instrs[i];
    if (branches(instr) && instr.target <= count) leader[instr.target] = true;
    // (A FOR_ITER heads its loop even when nothing jumps back to it.)
    if (instr.op == Op::ForIter) leader[i] = true;
    if (instr.handler >= 0 && instr.handler <= count) leader[instr.handler] = true;
    if (branches(instr) || ends_flow_at(function, resumes, i)) leader[i + 1] = true;
    // A block has one handler: a change of protection starts a new block.
    if (i > 0 && function.instrs[i - 1].handler != instr.handler) leader[i] = true;
  }
  return leader;
}

// Edges in one flat array (compressed rows): building a graph is most of
// the cost of small functions, and a vector per node is an allocation each.
struct Adjacency {
  std::vector<int> first;    // node -> index of its first edge; size nodes + 1
  std::vector<int> targets;  // edge targets, grouped by node

  // From (from, to) pairs, kept in the order given within each node
  // (`flip`: the reversed edges, to -> from).
  Adjacency(int nodes, const std::vector<std::pair<int, int>>& edges, bool flip = false)
      : first(nodes + 1, 0), targets(edges.size()) {
    for (const auto& [from, to] : edges) ++first[(flip ? to : from) + 1];
    for (int n = 0; n < nodes; ++n) first[n + 1] += first[n];
    std::vector<int> next(first.begin(), first.end() - 1);
    for (const auto& [from, to] : edges) targets[next[flip ? to : from]++] = flip ? from : to;
  }
  std::span<const int> operator[](int node) const {
    return {targets.data() + first[node], static_cast<std::size_t>(first[node + 1] - first[node])};
  }
  static Adjacency reversed(int nodes, const std::vector<std::pair<int, int>>& edges) {
    return Adjacency(nodes, edges, true);
  }
};

// Cooper, Harvey & Kennedy's iterative algorithm over a reverse post-order.
std::vector<int> dominator_tree(int count, int entry, const Adjacency& preds, const std::vector<int>& order) {
  std::vector<int> position(count, -1);
  for (int i = 0; i < int(order.size()); ++i) position[order[i]] = i;
  std::vector<int> idom(count, -1);
  idom[entry] = entry;
  auto intersect = [&](int a, int b) {
    while (a != b) {
      while (position[a] > position[b]) a = idom[a];
      while (position[b] > position[a]) b = idom[b];
    }
    return a;
  };
  for (bool changed = true; changed;) {
    changed = false;
    for (int node : order) {
      if (node == entry) continue;
      int candidate = -1;
      for (int pred : preds[node]) {
        if (position[pred] < 0 || idom[pred] < 0) continue;
        candidate = candidate < 0 ? pred : intersect(pred, candidate);
      }
      if (candidate >= 0 && idom[node] != candidate) {
        idom[node] = candidate;
        changed = true;
      }
    }
  }
  return idom;
}

std::vector<int> reverse_post_order(int count, int entry, const Adjacency& succs) {
  std::vector<int> order;
  order.reserve(count);
  std::vector<char> state(count, 0);
  // Iterative DFS: deep functions must not exhaust the C stack.
  std::vector<std::pair<int, std::size_t>> stack{{entry, 0}};
  state[entry] = 1;
  while (!stack.empty()) {
    auto& [node, next] = stack.back();
    const auto out = succs[node];
    if (next < out.size()) {
      const int succ = out[next++];
      if (state[succ] == 0) {
        state[succ] = 1;
        stack.emplace_back(succ, 0);
      }
    } else {
      order.push_back(node);
      stack.pop_back();
    }
  }
  std::reverse(order.begin(), order.end());
  return order;
}

}  // namespace

bool Graph::dominates(int a, int b) const {
  if (b < 0 || idom[b] < 0) return false;
  for (int node = b;; node = idom[node]) {
    if (node == a) return true;
    if (idom[node] == node) return false;
  }
}

Loop Graph::natural_loop(int header, const std::vector<int>& latches) const {
  Loop loop{header, latches, std::vector<bool>(blocks.size(), false)};
  // Body: everything that reaches a latch without passing the header.
  loop.contains[header] = true;
  std::vector<int> work = latches;
  while (!work.empty()) {
    const int node = work.back();
    work.pop_back();
    if (loop.contains[node]) continue;
    loop.contains[node] = true;
    for (int pred : blocks[node].predecessors) work.push_back(pred);
  }
  return loop;
}

bool Graph::post_dominates(int a, int b) const {
  for (int node = b; node >= 0; node = ipdom[node]) {
    if (node == a) return true;
  }
  return false;
}

Graph build_graph(const ir::Function& function) {
  Graph graph;
  const int count = int(function.instrs.size());
  graph.block_of.assign(count, -1);
  if (count == 0) return graph;
  const std::vector<char> resumes = end_finally_resumes(function);
  const std::vector<bool> leader = leaders_of(function, resumes);
  for (int i = 0; i < count; ++i) {
    if (leader[i]) {
      Block block;
      block.id = int(graph.blocks.size());
      block.first = i;
      graph.blocks.push_back(block);
    }
    graph.blocks.back().last = i;
    graph.block_of[i] = graph.blocks.back().id;
  }
  const int blocks = int(graph.blocks.size());
  for (Block& block : graph.blocks) {
    const ir::Instr& last = function.instrs[block.last];
    auto link = [&](int instr_index) {
      if (instr_index < 0 || instr_index >= count) return;
      const int succ = graph.block_of[instr_index];
      if (std::find(block.successors.begin(), block.successors.end(), succ) == block.successors.end()) {
        block.successors.push_back(succ);
      }
    };
    if (!ends_flow_at(function, resumes, block.last)) link(block.last + 1);
    if (branches(last) && !(last.op == Op::SetupFinally || last.op == Op::SetupWith || last.op == Op::SetupAsyncWith))
      link(last.target);
    if (last.op == Op::CallFinally) link(last.target);
    if (last.handler >= 0 && last.handler < count) block.handler_block = graph.block_of[last.handler];
  }
  for (Block& block : graph.blocks) {
    for (int succ : block.successors) graph.blocks[succ].predecessors.push_back(block.id);
  }

  // Reachability follows exceptional edges too (handlers are live code).
  std::vector<std::pair<int, int>> all_edges;
  for (const Block& block : graph.blocks) {
    for (int s : block.successors) all_edges.emplace_back(block.id, s);
    if (block.handler_block >= 0) all_edges.emplace_back(block.id, block.handler_block);
  }
  const auto order = reverse_post_order(blocks, 0, Adjacency(blocks, all_edges));
  for (int b : order) graph.blocks[b].reachable = true;
  graph.idom = dominator_tree(blocks, 0, Adjacency::reversed(blocks, all_edges), order);

  // Natural loops: a normal edge latch -> header where header dominates latch.
  for (const Block& block : graph.blocks) {
    for (int succ : block.successors) {
      if (!graph.dominates(succ, block.id)) continue;
      auto it = std::find_if(graph.loops.begin(), graph.loops.end(), [&](const Loop& l) { return l.header == succ; });
      if (it == graph.loops.end()) {
        graph.loops.push_back(Loop{succ, {}, {}});
        it = graph.loops.end() - 1;
      }
      it->latches.push_back(block.id);
    }
  }
  for (Loop& loop : graph.loops) loop = graph.natural_loop(loop.header, loop.latches);
  // A for loop whose body always leaves (`for x in it: return x` + else)
  // never gets back to its FOR_ITER: a loop of its header alone, so that
  // it is still structured as a for statement.
  for (const Block& block : graph.blocks) {
    if (!block.reachable || function.instrs[block.last].op != ir::Op::ForIter) continue;
    if (std::any_of(graph.loops.begin(), graph.loops.end(), [&](const Loop& l) { return l.header == block.id; }))
      continue;
    Loop loop{block.id, {}, std::vector<bool>(blocks, false)};
    loop.contains[block.id] = true;
    graph.loops.push_back(std::move(loop));
  }
  // Post-dominators over normal edges, with a virtual exit (id = blocks)
  // after every block that returns. Raising blocks are dead ends, not
  // exits: otherwise an `assert` or a `raise` in one branch would make the
  // exit the only point where the branches meet.
  // Code that never returns (every path raises, `if c: m = 1 else: m = 2;
  // raise E(m)`) has no post-dominator in that tree; for it a second tree,
  // where raising blocks are exits too, says where its branches meet. Both
  // trees agree on the blocks that reach a return, and a block that cannot
  // only post-dominates blocks that cannot either, so they combine.
  // `through_handler`: blocks whose way out is their exception handler
  // (see below), given that edge too.
  // `endless`: headers of loops that never end, which are exits too.
  std::vector<char> endless(blocks, 0);
  auto post_dominator_tree = [&](bool dead_ends_exit, const std::vector<char>* through_handler = nullptr) {
    // Edges of the reversed graph: exit -> returning block, succ -> block.
    std::vector<std::pair<int, int>> reverse_edges;
    reverse_edges.reserve(all_edges.size() + blocks);
    for (const Block& block : graph.blocks) {
      if (!block.reachable) continue;
      const auto& out = block.successors;
      if ((out.empty() && (dead_ends_exit || function.instrs[block.last].op == Op::ReturnValue)) || endless[block.id])
        reverse_edges.emplace_back(blocks, block.id);
      for (int s : out) reverse_edges.emplace_back(s, block.id);
      if (through_handler && (*through_handler)[block.id]) reverse_edges.emplace_back(block.handler_block, block.id);
    }
    const auto post_order = reverse_post_order(blocks + 1, blocks, Adjacency(blocks + 1, reverse_edges));
    std::vector<int> tree =
        dominator_tree(blocks + 1, blocks, Adjacency::reversed(blocks + 1, reverse_edges), post_order);
    std::vector<char> reaches_exit(blocks + 1, 0);
    for (int b : post_order) reaches_exit[b] = 1;
    return std::pair{tree, reaches_exit};
  };
  // A loop with no way out at all (`while 1: g()`, no break, return, raise
  // or handler) reaches no exit, so the branches before it would meet
  // nowhere (`if a: x elif b: y else: raise E` before the loop): its
  // header is where the code goes on for good, an exit of both trees.
  // (Not a loop whose way out is a handler: see through_handler below.)
  // (Only the outermost such loop: a loop inside it ends where it goes on.)
  {
    // (Ways out through handlers count: code before a `while True:` left
    // only by `except E: break` ends.)
    std::vector<char> protected_blocks(blocks, 0);
    for (const Block& block : graph.blocks) protected_blocks[block.id] = block.handler_block >= 0;
    const auto reaches_any_exit = post_dominator_tree(true, &protected_blocks).second;
    auto never_ends = [&](const Loop& loop) {
      for (int b = 0; b < blocks; ++b)
        if (loop.contains[b] && graph.blocks[b].handler_block >= 0) return false;
      return graph.blocks[loop.header].reachable && !reaches_any_exit[loop.header];
    };
    for (const Loop& loop : graph.loops) {
      const bool nested = std::any_of(graph.loops.begin(), graph.loops.end(), [&](const Loop& outer) {
        return outer.header != loop.header && outer.contains[loop.header] && never_ends(outer);
      });
      if (!nested && never_ends(loop)) endless[loop.header] = 1;
    }
  }
  auto [returning, reaches_return] = post_dominator_tree(false);
  // A loop that only ends by an exception (`while True: try: ... except E:
  // break`) never returns along normal edges, so its branch would count as
  // a dead end like a raise; its blocks leave through their handler.
  // (Blocks that end in a raise stay dead ends.)
  std::vector<char> through_handler(blocks, 0);
  bool any_through_handler = false;
  for (const Block& block : graph.blocks) {
    if (block.reachable && !reaches_return[block.id] && !block.successors.empty() && block.handler_block >= 0) {
      through_handler[block.id] = 1;
      any_through_handler = true;
    }
  }
  // (Where the branches then only meet at the exit, each returning on its
  // own, the tree without those edges is kept: 3.10+ give each path its own
  // copy of a final return, and the branch that never ends normally is
  // still written before the code the other one goes on to.)
  if (any_through_handler) {
    const auto [via_handlers, reaches_via_handlers] = post_dominator_tree(false, &through_handler);
    for (int b = 0; b < blocks; ++b) {
      if (via_handlers[b] == blocks || via_handlers[b] < 0) continue;
      returning[b] = via_handlers[b];
      reaches_return[b] = reaches_via_handlers[b];
    }
  }
  const auto any_exit = post_dominator_tree(true).first;
  graph.ipdom.assign(blocks, -1);
  graph.ipdom_any_exit.assign(blocks, -1);
  for (int b = 0; b < blocks; ++b) {
    const int post = reaches_return[b] ? returning[b] : any_exit[b];
    graph.ipdom[b] = (post == blocks) ? -1 : post;
    graph.ipdom_any_exit[b] = (any_exit[b] == blocks) ? -1 : any_exit[b];
  }

  std::sort(graph.loops.begin(), graph.loops.end(), [&](const Loop& a, const Loop& b) {
    return std::count(a.contains.begin(), a.contains.end(), true) > std::count(b.contains.begin(), b.contains.end(), true);
  });
  return graph;
}

}  // namespace depyf::cfg
