// Package enumerate finds the values of sum variables that make a
// condition true, as mCRL2's enumerator does.
//
// Contract: Enumerate(vars, cond, s, yield) calls yield once for every
// assignment of values (normal forms) to vars under which cond rewrites to
// true, given the substitution s for the other free variables of cond
// (typically the process parameters). Values are passed in the order of
// vars; the slice is reused between calls, so yield must copy what it keeps.
// Returning false from yield stops the enumeration.
//
// Finite sorts (Bool, structured and basic sorts whose constructors take
// finitely many values, finite function sorts) are enumerated by their
// constructors; infinite sorts (Pos, Nat, Int, List, ...) by constructor
// expansion, pruning every partial assignment under which the condition
// already rewrites to false. A conjunct x == e (one-point rule) binds x
// directly. Real variables cannot be enumerated; enumerations that exceed
// a bound give an error naming the variables.
package enumerate
