/** Spec §2: the land feed's state counts, a page of every site that publishes the land feed documentation. */
export const landFeedStatesPath = '/landfeed/states/'
