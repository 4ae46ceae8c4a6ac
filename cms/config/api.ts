export default {
  rest: {
    defaultLimit: 100,
    maxLimit: 500,
    withCount: true,
  },
};
