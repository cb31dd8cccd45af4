// Texts of the issue-6 screens (owned by the issue-6 helper).
export default {};
