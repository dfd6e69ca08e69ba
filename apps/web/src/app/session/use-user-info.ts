import { useSyncExternalStore } from 'react';
import { getUserInfo, subscribeUserInfo } from './user-info.js';

/** The signed-in user's info (re-renders when it changes). */
export const useUserInfo = () => useSyncExternalStore(subscribeUserInfo, getUserInfo);
