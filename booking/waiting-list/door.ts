/** `engine.waitingList` (waiting-list/): the 'no dates available' modal's waiting list (issue 10 item 7, ADR 094). */
import { read, write } from "../door";
import * as waitingList from "./waiting-list";

export const waitingListDoor = {
  /** The 'no dates available' modal: the booking's customer waits for a day to free in their area. */
  joinWaitingList: write((k) => k.op(waitingList.joinWaitingList)),
  /** The customer leaves the list while waiting (an offer is declined through its link instead). */
  leaveWaitingList: write((k) => k.op(waitingList.leaveWaitingList)),
  listWaitingList: read((k) => k.query(waitingList.listWaitingList)),
  /** What an offer link stands for (valid, used, expired, unknown), without using it. */
  viewWaitingListOffer: read((k) => k.op(waitingList.viewOffer)),
  /** Uses the offer link: the booking gets the held day; answers the booking to resume. */
  acceptWaitingListOffer: write((k) => k.op(waitingList.acceptOffer)),
  /** "No thanks": leaves the list and passes the day to the next customer waiting. */
  declineWaitingListOffer: write((k) => k.op(waitingList.declineOffer)),
};
