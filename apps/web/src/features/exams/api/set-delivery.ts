import { type DeliveryType, scoresApi } from '@academy/contracts/exams';
import { call } from '../../../lib/call.ts';

/** How the score reached the family (미발송·문자·링크·직접전달). */
export const setDeliveryType = (examId: number, userId: number, value: DeliveryType) => call(scoresApi.setDelivery, { params: { examId, userId, value } }, { overlay: false });
